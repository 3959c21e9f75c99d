/** What other features may import of the communication area: a message status chip and the link to a loan's messages. */
export { MessageStatusChip } from './status-chip';
export { loanMessagesLink } from './links';
