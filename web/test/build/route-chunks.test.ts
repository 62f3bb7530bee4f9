import { describe, expect, it } from 'vitest';
import { chunksForPage, lazyChunksOfPage, type Manifest } from '../../build/route-chunks.ts';

/**
 * A build like ours: the entry lazily imports every page and the console frame; the statistics
 * page statically imports a chart wrapper that loads ECharts with `import()`.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/app/ConsoleRoot.tsx', 'src/pages/stats.tsx', 'src/pages/other.tsx', 'axios'],
  },
  '_react.js': { file: 'assets/react.js' },
  axios: { file: 'assets/axios.js' },
  'src/app/ConsoleRoot.tsx': {
    file: 'assets/ConsoleRoot.js',
    imports: ['_react.js', '_antd.js'],
    dynamicImports: ['src/layout/SettingsDrawer.tsx'],
  },
  'src/layout/SettingsDrawer.tsx': { file: 'assets/SettingsDrawer.js' },
  '_antd.js': { file: 'assets/antd.js', imports: ['_react.js'] },
  'src/pages/stats.tsx': { file: 'assets/stats.js', imports: ['_antd.js', '_EChart.js'] },
  '_EChart.js': { file: 'assets/EChart.js', dynamicImports: ['_echarts.js'] },
  '_echarts.js': { file: 'assets/echarts.js', imports: ['_zrender.js', '_react.js'] },
  '_zrender.js': { file: 'assets/zrender.js', dynamicImports: ['_svg-renderer.js'] },
  '_svg-renderer.js': { file: 'assets/svg-renderer.js' },
  'src/pages/other.tsx': { file: 'assets/other.js' },
  'styles.css': { file: 'assets/index.css' },
};

describe('issue 10 §4 which chunks a route needs', () => {
  it('a page needs the entry, its sources and their static imports, once each', () => {
    expect(chunksForPage(manifest, 'src/app/ConsoleRoot.tsx', 'src/pages/stats.tsx').sort()).toEqual(
      [
        'assets/index.js',
        'assets/react.js',
        'assets/ConsoleRoot.js',
        'assets/antd.js',
        'assets/stats.js',
        'assets/EChart.js',
      ].sort(),
    );
  });

  it("a page's lazy chunks are what its own chunks import with import(), transitively", () => {
    expect(lazyChunksOfPage(manifest, 'src/pages/stats.tsx', 'src/app/ConsoleRoot.tsx').sort()).toEqual(
      ['assets/echarts.js', 'assets/zrender.js', 'assets/svg-renderer.js'].sort(),
    );
  });

  it("the entry's and the frame's lazy imports (other pages, the settings drawer) are not the page's", () => {
    const lazy = lazyChunksOfPage(manifest, 'src/pages/stats.tsx', 'src/app/ConsoleRoot.tsx');
    expect(lazy).not.toContain('assets/other.js');
    expect(lazy).not.toContain('assets/SettingsDrawer.js');
    expect(lazy).not.toContain('assets/react.js');
  });

  it('a source missing from the manifest is an error, not a silent zero', () => {
    expect(() => chunksForPage(manifest, 'src/pages/gone.tsx')).toThrow('no chunk for src/pages/gone.tsx');
    expect(() => lazyChunksOfPage(manifest, 'src/pages/gone.tsx')).toThrow('no chunk for src/pages/gone.tsx');
  });
});
