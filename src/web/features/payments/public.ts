/** What other features may import of the payments area: a loan's payment links with "Send payment link" (the loan profile shows it). */
export { LoanPaymentLinks } from './loan-payment-links';
