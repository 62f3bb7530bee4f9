/** The contracts area's front door: what other areas and the app use of it. */
export { contractsRoutes } from './routes.ts';
export { type ContractAction, listAllContracts, PLATFORM_ACTOR, transitionContract } from './service.ts';
