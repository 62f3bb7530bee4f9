import { loadAllAreas } from '../src/locales/areas.ts';

// Components under test render outside the page registry, which loads a page's strings with its
// chunk in the app: here every area is there from the start.
await loadAllAreas();
