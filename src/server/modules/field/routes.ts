/**
 * Field app routes under /api/fos (issue 4; spec 7 fos service): allocation, visits (+ photos),
 * receipts, deposits (+ slip), online recoveries. Writes take an Idempotency-Key (documented in the
 * OpenAPI) and run through runIdempotent; each route declares the fos permission it needs.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocationResponse,
  depositBody,
  depositRecord,
  depositsResponse,
  onlineRecoveriesResponse,
  receiptBody,
  receiptRecord,
  visitBody,
  visitRecord,
  visitsQuery,
  visitsResponse,
} from '../../../domain/contracts/field';
import { companyQuery } from '../../../domain/contracts/envelope';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { hasPermission } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { idempotencyHeaderDoc, idempotencyKeyOf, requestHash, runIdempotent } from '../../http/idempotency';
import type { FileStorage } from '../../storage/files';
import { companyCountry } from '../companies/service';
import { documentOnlyBody } from '../bulk/import-routes';
import type { FieldCaller } from './service';
import { depositSlipKey, depositsOverview, listReceipts, listVisits, myAllocation, onlineRecoveries, recordDeposit, recordReceipt, recordVisit, visitPhotoKey } from './service';
import { ensurePingPartitions } from './tracking';
import { imageTypeOfKey, jsonField, readFieldForm } from './uploads';

/** Photos per visit and their size limit (issue 4 visit form; spec 5 size message). */
export const VISIT_MAX_PHOTOS = 5;
export const PHOTO_MAX_MB = 5;

type FosAction = 'visits' | 'deposits' | 'online_recoveries';
const need = (action: FosAction, access: 'read' | 'write') => ({ access: 'company', permission: { module: 'fos', action, access } satisfies PermissionRequirement }) as const;
const VERIFY: PermissionRequirement = { module: 'fos', action: 'visit_verification', access: 'read' };

/** The Idempotency-Key header as the OpenAPI document shows it (checked in code for spec messages). */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().optional().meta(idempotencyHeaderDoc) });
const binary = (description: string) => z.string().meta({ type: 'string', format: 'binary', description });

/** The caller of a field route: company, user, permissions and role (for the reports-to scope). */
export function callerOf(req: FastifyRequest): FieldCaller {
  const { companyId, user, company } = requireCompany(req);
  return { companyId, user, permissions: company.permissions, roleId: company.membership.roleId };
}

/** Sends a stored file; a missing file is a 404, not a crash. */
async function sendStored(files: FileStorage, key: string, contentType: string) {
  if ((await files.size(key)) === null) return null;
  return { stream: files.read(key), contentType };
}

export const fieldRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, files } = deps;
  await app.register(multipart);

  app.get(
    '/allocation',
    { config: need('visits', 'read'), schema: { tags: ['fos'], summary: "The signed-in executive's allocated loans of the latest month (addresses, coordinates, dues, priority)", querystring: companyQuery, response: okResponse(allocationResponse) } },
    async (req) => ok(await myAllocation(db, callerOf(req))),
  );

  app.post(
    '/visits',
    {
      config: need('visits', 'write'),
      validatorCompiler: documentOnlyBody,
      schema: {
        tags: ['fos'],
        summary: 'Record a visit (multipart: `visit` JSON + up to 5 `photos`)',
        description: `multipart/form-data: field \`visit\` = the visit JSON; files \`photos\` (0–${VISIT_MAX_PHOTOS}, JPEG/PNG/WebP, each ≤ ${PHOTO_MAX_MB} MB). Idempotent by Idempotency-Key.`,
        consumes: ['multipart/form-data'],
        headers: idempotencyHeaders,
        querystring: companyQuery,
        body: z.object({ visit: z.string().meta({ description: 'JSON of the visit (see VisitBody)' }), photos: binary('A photo; repeat the field for several').optional() }),
        response: okResponse(visitRecord),
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const key = idempotencyKeyOf(req);
      const form = await readFieldForm(req, { fileFields: ['photos'], maxSizeMb: PHOTO_MAX_MB, maxFiles: VISIT_MAX_PHOTOS, imagesOnly: true });
      const { value, raw } = jsonField(form, 'visit', visitBody);
      const hash = requestHash(raw, form.files.map((f) => f.data));
      await ensurePingPartitions(db, [new Date(value.checked_in_at)]);
      return runIdempotent(db, reply, { companyId: caller.companyId, userId: caller.user.userId, route: 'POST /api/fos/visits', key }, hash, async (tx) => ({
        status: 200,
        body: ok(await recordVisit(tx, files, deps.events, caller, key, value, form.files), 'Visit recorded'),
      }));
    },
  );

  app.get(
    '/visits',
    { config: need('visits', 'read'), schema: { tags: ['fos'], summary: "The caller's visits (managers with visit_verification may pass user_id)", querystring: visitsQuery, response: okResponse(visitsResponse) } },
    async (req) => {
      const caller = callerOf(req);
      return ok({ visits: await listVisits(db, caller, req.query, hasPermission(caller.permissions, VERIFY)) });
    },
  );

  app.get(
    '/visits/:visit_id/photos/:n',
    {
      config: need('visits', 'read'),
      schema: { tags: ['fos'], summary: 'A photo of a visit (1-based)', params: z.object({ visit_id: z.string().min(1).max(64), n: z.coerce.number().int().min(1).max(VISIT_MAX_PHOTOS) }), querystring: companyQuery },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const key = await visitPhotoKey(db, caller, req.params.visit_id, req.params.n, hasPermission(caller.permissions, VERIFY));
      const file = await sendStored(files, key, imageTypeOfKey(key));
      if (!file) return reply.code(404).send({ success: false, message: 'Photo not found', data: null });
      return reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=86400').send(file.stream);
    },
  );

  app.post(
    '/receipts',
    {
      config: need('visits', 'write'),
      schema: {
        tags: ['fos'],
        summary: 'Record a receipt made on the phone (number = executive code + sequence, unique per company)',
        headers: idempotencyHeaders,
        querystring: companyQuery,
        body: receiptBody,
        response: okResponse(receiptRecord),
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const key = idempotencyKeyOf(req);
      return runIdempotent(db, reply, { companyId: caller.companyId, userId: caller.user.userId, route: 'POST /api/fos/receipts', key }, requestHash(req.body), async (tx) => ({
        status: 200,
        body: ok(await recordReceipt(tx, caller, key, req.body), 'Receipt recorded'),
      }));
    },
  );

  app.get(
    '/receipts',
    { config: need('visits', 'read'), schema: { tags: ['fos'], summary: "The caller's receipts", querystring: companyQuery.extend({ loan_id: z.string().optional() }), response: okResponse(z.object({ receipts: z.array(receiptRecord) })) } },
    async (req) => ok({ receipts: await listReceipts(db, callerOf(req), req.query.loan_id) }),
  );

  app.get(
    '/deposits',
    { config: need('deposits', 'read'), schema: { tags: ['fos'], summary: 'Undeposited cash/cheque/DD receipts with their age, and past deposits', querystring: companyQuery, response: okResponse(depositsResponse) } },
    async (req) => ok(await depositsOverview(db, callerOf(req))),
  );

  app.post(
    '/deposits',
    {
      config: need('deposits', 'write'),
      validatorCompiler: documentOnlyBody,
      schema: {
        tags: ['fos'],
        summary: 'Deposit receipts at a bank (multipart: `deposit` JSON + `slip` photo)',
        description: `multipart/form-data: field \`deposit\` = the deposit JSON; file \`slip\` = the deposit slip photo (JPEG/PNG/WebP, ≤ ${PHOTO_MAX_MB} MB). The amount must equal the receipts' total. Idempotent by Idempotency-Key.`,
        consumes: ['multipart/form-data'],
        headers: idempotencyHeaders,
        querystring: companyQuery,
        body: z.object({ deposit: z.string().meta({ description: 'JSON of the deposit (see DepositBody)' }), slip: binary('The deposit slip photo').optional() }),
        response: okResponse(depositRecord),
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const key = idempotencyKeyOf(req);
      const form = await readFieldForm(req, { fileFields: ['slip'], maxSizeMb: PHOTO_MAX_MB, maxFiles: 1, imagesOnly: true });
      const { value, raw } = jsonField(form, 'deposit', depositBody);
      const { currency } = await companyCountry(db, caller.companyId);
      return runIdempotent(db, reply, { companyId: caller.companyId, userId: caller.user.userId, route: 'POST /api/fos/deposits', key }, requestHash(raw, form.files.map((f) => f.data)), async (tx) => ({
        status: 200,
        body: ok(await recordDeposit(tx, files, caller, key, value, form.files[0] ?? null, currency), 'Deposit recorded'),
      }));
    },
  );

  app.get(
    '/deposits/:deposit_id/slip',
    { config: need('deposits', 'read'), schema: { tags: ['fos'], summary: "A deposit's slip photo", params: z.object({ deposit_id: z.string().min(1).max(64) }), querystring: companyQuery } },
    async (req, reply) => {
      const key = await depositSlipKey(db, callerOf(req), req.params.deposit_id);
      const file = await sendStored(files, key, imageTypeOfKey(key));
      if (!file) return reply.code(404).send({ success: false, message: 'Deposit slip not found', data: null });
      return reply.header('content-type', file.contentType).header('cache-control', 'private, max-age=86400').send(file.stream);
    },
  );

  app.get(
    '/online-recoveries',
    {
      config: need('online_recoveries', 'read'),
      schema: { tags: ['fos'], summary: "Online payments on the caller's loans, attributed to the caller's latest visit within 30 days", querystring: companyQuery, response: okResponse(onlineRecoveriesResponse) },
    },
    async (req) => ok(await onlineRecoveries(db, callerOf(req))),
  );
};
