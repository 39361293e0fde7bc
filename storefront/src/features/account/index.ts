/** The account area's public door: its pages, the loaders that feed them, and the forms the checkout reuses. */
export { ConfirmPage, ForgotPage, ForgotPasswordForm, LoginPage, RegisterPage, ResendConfirmationPage, ResetPage, ResetPasswordForm } from './AuthPages';
export { AccountHomePage, InvoicesPage, OrdersPage } from './OrderPages';
export { InformationPage } from './ProfilePages';
export { ResultsPage, ReturnsPage, SubscriptionsPage } from './ServicePages';
export { accountLoaders, confirmAccountLoader } from './loaders';
