/**
 * What other features may import of the payments area: a loan's payment links with "Send payment
 * link" (the loan profile shows it), and the payments tab of bulk operations (offline payment uploads).
 */
export { LoanPaymentLinks } from './loan-payment-links';
export { PaymentUploadsTab } from './payment-uploads-tab';
