/**
 * The agent's field steps (issue 16 "The agent's field steps on the phone, offline-capable through
 * the existing outbox"): police intimation before, the repossession itself (time, place, photos,
 * condition checklist, odometer, inventory of belongings), police intimation after, the handover at
 * the yard. Recorded inside the idempotent transaction, so a step the phone syncs twice is one step.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { StepRecord } from '../../../domain/contracts/repossession/cases';
import type { stepBody } from '../../../domain/contracts/repossession/cases.schema';
import { afterStep } from '../../../domain/repossession/rules';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import type { FileStorage } from '../../storage/files';
import { addLoanEvents } from '../portfolio/queries';
import { CASE_NOT_FOUND } from './service';
import { repossessions, repossessionSteps } from './schema';

type StepBody = z.output<typeof stepBody>;

const extension = (mimetype: string) => (mimetype === 'image/png' ? 'png' : mimetype === 'image/webp' ? 'webp' : 'jpg');

/**
 * POST /repossession/steps: the step, its photos under repossession/<company>/<case>/<step>/, the
 * case's next stage (and spec 4 status from the repossession's outcome) and a timeline event.
 * @throws 404 'Repossession not found' (another company's, or not assigned to the caller); 409 when
 *   the case is not at the stage the step needs. Stored photos are deleted when the write fails.
 */
export async function recordStep(tx: DbOrTx, files: FileStorage, scope: { companyId: string; userId: string; name: string }, key: string, body: StepBody, photos: readonly FormFile[]): Promise<StepRecord> {
  const [row] = await tx
    .select()
    .from(repossessions)
    .where(and(eq(repossessions.companyId, scope.companyId), eq(repossessions.caseId, body.case_id)))
    .for('update');
  if (!row || row.agentId !== scope.userId) throw notFound(CASE_NOT_FOUND);
  const next = afterStep(row.stage, body.step, body.outcome);
  if ('problem' in next) throw conflict(next.problem);
  const stepId = randomUUID();
  const keys: string[] = [];
  try {
    for (const [i, photo] of photos.entries()) keys.push((await files.put(`repossession/${scope.companyId}/${row.caseId}/${stepId}/${i + 1}.${extension(photo.mimetype)}`, photo.data)).key);
    const [step] = await tx
      .insert(repossessionSteps)
      .values({
        stepId,
        caseId: row.caseId,
        companyId: scope.companyId,
        idempotencyKey: key,
        step: body.step,
        occurredAt: new Date(body.occurred_at),
        place: body.place,
        latitude: body.latitude,
        longitude: body.longitude,
        policeStation: body.police_station,
        reference: body.reference,
        outcome: body.outcome,
        condition: body.condition as Record<string, boolean> | null,
        odometerKm: body.odometer_km,
        belongings: body.belongings,
        yardName: body.yard_name,
        remarks: body.remarks,
        photoKeys: keys,
        recordedBy: scope.userId,
      })
      .returning();
    const status = body.step === 'repossession' && body.outcome ? body.outcome : row.status;
    await tx
      .update(repossessions)
      .set({ stage: next.stage, status, ...(body.step === 'yard_handover' ? { yardName: body.yard_name } : {}), updatedAt: new Date() })
      .where(eq(repossessions.caseId, row.caseId));
    await addLoanEvents(tx, [
      {
        companyId: scope.companyId,
        loanId: row.loanId,
        allocationMonth: row.allocationMonth,
        kind: 'repossession',
        module: 'repossession',
        remark: `Field step: ${body.step}${body.outcome ? ` (${body.outcome})` : ''}`,
        details: { case_id: row.caseId, step_id: stepId, step: body.step, stage: next.stage, outcome: body.outcome, photos: keys.length },
        authorId: scope.userId,
        createdAt: new Date(body.occurred_at),
      },
    ]);
    return {
      step_id: step.stepId,
      step: step.step,
      occurred_at: step.occurredAt.toISOString(),
      place: step.place,
      latitude: step.latitude,
      longitude: step.longitude,
      police_station: step.policeStation,
      reference: step.reference,
      outcome: step.outcome,
      condition: step.condition,
      odometer_km: step.odometerKm,
      belongings: step.belongings,
      yard_name: step.yardName,
      remarks: step.remarks,
      photo_count: keys.length,
      recorded_by: scope.userId,
      recorded_by_name: scope.name,
      recorded_at: step.recordedAt.toISOString(),
    };
  } catch (err) {
    await Promise.all(keys.map((k) => files.delete(k)));
    throw err;
  }
}

/**
 * The storage key of a step's n-th photo (1-based), for the desk's photo viewer.
 * @throws 404 'Photo not found' for another company's case, an unknown step or a photo it has not
 */
export async function stepPhotoKey(db: DbOrTx, companyId: string, caseId: string, stepId: string, n: number): Promise<string> {
  const [row] = await db
    .select({ keys: repossessionSteps.photoKeys })
    .from(repossessionSteps)
    .where(and(eq(repossessionSteps.companyId, companyId), eq(repossessionSteps.caseId, caseId), eq(repossessionSteps.stepId, stepId)));
  const key = row?.keys[n - 1];
  if (!key) throw notFound('Photo not found');
  return key;
}
