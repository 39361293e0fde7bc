/** The order desk: the work queue of orders and one order's page. */
export { OrderPage } from './OrderPage';
export { OrdersPage } from './OrdersPage';
