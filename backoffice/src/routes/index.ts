/** The route components the app's route table composes. */
export { NotFoundPage, RouteErrorPage, StartingPage } from './ErrorPages';
export { RequirePermission } from './RequirePermission';
export { StaffLayout } from './StaffLayout';
