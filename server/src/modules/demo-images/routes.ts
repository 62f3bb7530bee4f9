import { demoImageParamsSchema } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A stable hue per name, so every placeholder keeps its colour. */
function hueOf(name: string): number {
  let hash = 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/** A 4:3 gradient tile with the name on it (the name is `[a-z0-9-]` only: nothing to escape). */
export function demoImageSvg(name: string): string {
  const label = name.replace(/\.svg$/, '');
  const hue = hueOf(label);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">',
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="hsl(${hue},65%,78%)"/>`,
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,48%)"/>`,
    '</linearGradient></defs>',
    '<rect width="480" height="360" fill="url(#g)"/>',
    `<text x="240" y="190" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}

/**
 * `GET /designerapi/v1/demo-images/:name`: the placeholder pictures the demo data points at
 * (portfolios, provider logos, partner news covers), drawn on the fly; public, as an <img> sends
 * no authToken. Real pictures come from the upload.
 */
export async function demoImagesRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/demo-images/:name',
    {
      schema: {
        tags: ['demo'],
        summary: 'A placeholder picture of the demo data (SVG)',
        params: demoImageParamsSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(demoImageSvg(request.params.name)),
  );
}
