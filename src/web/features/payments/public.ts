/**
 * What other features may import of the payments area: a loan's payment links with "Send payment
 * link", its posted payments and its mandates (the loan profile shows them), and the payments tab of bulk operations (offline payment uploads).
 */
export { LoanPaymentLinks } from './loan-payment-links';
export { LoanPayments } from './loan-payments';
export { LoanMandates } from './loan-mandates';
export { PaymentUploadsTab } from './payment-uploads-tab';
