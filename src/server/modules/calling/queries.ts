/**
 * What other areas may use of the calling area (docs/decisions/007-area-kernel.md): nothing yet —
 * the loan profile reads call details through the calling endpoints. Kept as the area's one door.
 */
export { maskNumber } from './calls-service';
