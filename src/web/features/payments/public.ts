/**
 * What other features may import of the payments area: a loan's payment links with "Send payment
 * link" and its posted payments (the loan profile shows both), and the payments tab of bulk operations (offline payment uploads).
 */
export { LoanPaymentLinks } from './loan-payment-links';
export { LoanPayments } from './loan-payments';
export { PaymentUploadsTab } from './payment-uploads-tab';
