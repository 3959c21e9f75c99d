/**
 * What other areas may use of the allocation area (docs/decisions/007-area-kernel.md): who holds
 * which loan (reads, a subquery, a raw-SQL relation) and the writes loan operations make.
 */
export { allocationMonthsOf, allocationsOf, allocationsRelation, allocationsSubquery, holderOf } from './holdings';
export { applyAllocationChanges, currentAllocations } from './service';
export type { AllocationChange } from './service';
