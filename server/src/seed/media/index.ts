import type { DemoObjects } from '../../media/demo-objects.ts';
import { fixtureOf } from './fixtures.ts';
import { pictureBytes } from './pictures.ts';

/**
 * The demo's media for the server to write on first use: the fixture videos and covers, and the
 * pictures drawn in code. The app loads this only when SEED=demo (app.ts).
 */
export const demoObjects: DemoObjects = { fixture: fixtureOf, picture: pictureBytes };
