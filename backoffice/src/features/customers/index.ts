/** The customers desk: customers found by name or e-mail address, and one customer's profile. */
export { CustomerPage } from './CustomerPage';
export { CustomersPage } from './CustomersPage';
