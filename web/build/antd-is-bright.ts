import path from 'node:path';
import type { Plugin } from 'vite';

/** antd's colour-preset panel (`ColorPresets.js`), which also exports the `isBright` helper. */
const COLOR_PRESETS = /[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/;
const COLOR_PICKER_DIRECTORY = /[\\/]antd[\\/]es[\\/]color-picker[\\/]/;

/**
 * antd's button and tag styles import `isBright` from the colour picker's preset panel; the
 * panel module is one unit, and as soon as any page uses the colour picker (the settings
 * drawer does) the panel's Collapse comes along with every button, login page included
 * (~8 KB gzip). This points those two imports at `antd-is-bright-shim.ts`, the same function on
 * its own; the colour picker keeps the real panel.
 */
export function antdIsBrightShim(): Plugin {
  const shim = path.resolve(import.meta.dirname, 'antd-is-bright-shim.ts');
  return {
    name: 'designer-console:antd-is-bright',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('ColorPresets') || COLOR_PICKER_DIRECTORY.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && COLOR_PRESETS.test(resolved.id) ? shim : null;
    },
  };
}
