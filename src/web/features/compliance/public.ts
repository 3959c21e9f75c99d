/** What other features may import of the compliance area: the list of a decision's reasons (calling, communication and field screens show why a contact is refused). */
export { DecisionReasons } from './decision-reasons';
