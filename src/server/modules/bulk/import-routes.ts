/** Placeholder: filled in by issue 3 work. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../http/deps';

export const importRoutes: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
