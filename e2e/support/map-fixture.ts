/**
 * A map style and its tiles, served by the test itself on another origin (never the internet): the
 * style has a background layer and one raster source whose 256 px tiles are generated here with
 * sharp. The server counts the tiles it served, so a test can prove the map fetched them.
 */
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import { freePort } from './private-server';

export interface MapFixture {
  /** 'http://127.0.0.1:<port>/style.json', what MAP_STYLE_URL is set to. */
  styleUrl: string;
  origin: string;
  /** Tiles served so far. */
  tilesServed: () => number;
  stop: () => Promise<void>;
}

export async function startMapFixture(): Promise<MapFixture> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 222, g: 235, b: 214 } } })
    .png()
    .toBuffer();
  const style = JSON.stringify({
    version: 8,
    name: 'Fixture de test',
    sources: {
      fond: { type: 'raster', tiles: [`${origin}/tuiles/{z}/{x}/{y}.png`], tileSize: 256, maxzoom: 19, attribution: 'Tuiles de test' },
    },
    layers: [
      { id: 'fond-uni', type: 'background', paint: { 'background-color': '#f2efe9' } },
      { id: 'tuiles', type: 'raster', source: 'fond' },
    ],
  });
  let tiles = 0;
  const server: Server = createServer((request, response) => {
    // The site's pages are on another origin: MapLibre fetches with CORS.
    response.setHeader('Access-Control-Allow-Origin', '*');
    const url = request.url ?? '/';
    if (url === '/style.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(style);
    } else if (/^\/tuiles\/\d+\/\d+\/\d+\.png$/.test(url)) {
      tiles += 1;
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(tile);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    styleUrl: `${origin}/style.json`,
    origin,
    tilesServed: () => tiles,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
