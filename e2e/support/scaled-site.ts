/**
 * The scaled-out production setup, started by the scale-out test itself: a PostgreSQL database
 * of its own, three API processes (the built api/dist/server.js, one PORT and PROCESS_NAME each,
 * the same JWT_SECRET, all serving the built site) sharing that database and Redis, and Debian's
 * nginx in front with deploy/nginx-locations.conf (the very file compose deploys).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './private-server';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  log: () => string;
}

export interface ScaledSite {
  /** nginx: 'http://127.0.0.1:<port>' */
  url: string;
  apis: ApiProcess[];
  accessLog: string;
  stop: () => Promise<void>;
}

async function waitFor(url: string, alive: () => boolean, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${url} : le processus s'est arrêté :\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} ne répond pas après ${timeoutMs} ms :\n${log()}`);
}

/** A database of its own on the server of DATABASE_URL, dropped at the end. */
async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sm_scale_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function nginxConfig(dir: string, port: number, apiPorts: number[], locations: string): string {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return `${root ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$status "$request" upstream="$upstream_addr" upstream_status="$upstream_status" served_by=$upstream_http_x_served_by';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
${apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    include ${locations};
  }
}
`;
}

export async function startScaledSite(
  repoRoot: string,
  options: { databaseUrl: string; redisUrl: string; processes?: number },
): Promise<ScaledSite> {
  if (!existsSync(NGINX))
    throw new Error(
      `nginx introuvable (${NGINX}) : installez-le avec « apt-get install -y nginx-light » (npm test le fait quand il tourne en root).`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'sm-scale-'));
  const database = await createDatabase(options.databaseUrl);
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const prefix = `sm-scale-${process.pid}-${Date.now()}:`;
  const apis: ApiProcess[] = [];
  let nginx: ChildProcess | null = null;

  const startApi = async (index: number): Promise<ApiProcess> => {
    const port = await freePort();
    const name = `api-${index + 1}`;
    let output = '';
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'api', 'dist', 'server.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PROCESS_NAME: name,
        SITE_ORIGIN: url,
        TRUST_PROXY: 'true',
        DATABASE_URL: database.url,
        REDIS_URL: options.redisUrl,
        REDIS_CHANNEL_PREFIX: prefix,
        // Limits shared through Redis outlive a run: this run counts under its own keys.
        RATE_LIMIT_PREFIX: `${prefix}rl:`,
        JWT_SECRET: jwtSecret,
        DATA_DIR: path.join(dir, name),
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_PER_IP: '1000',
        LOGIN_MAX_PER_EMAIL: '1000',
        REGISTER_MAX_PER_IP: '1000',
        SCRYPT_COST: '16384',
        IMAGE_WARMUP: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const api = { name, port, child, log: () => output };
    apis.push(api);
    await waitFor(`http://127.0.0.1:${port}/api/health`, () => child.exitCode === null && child.signalCode === null, api.log, 120_000);
    return api;
  };

  const stop = async () => {
    const exits = [...apis.map((a) => a.child), ...(nginx ? [nginx] : [])].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    );
    await Promise.all(exits);
    await database.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The first process migrates and seeds the fresh database; the others then find it ready.
    await startApi(0);
    for (let i = 1; i < (options.processes ?? 3); i += 1) await startApi(i);
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConfig(
        dir,
        nginxPort,
        apis.map((a) => a.port),
        path.join(repoRoot, 'deploy', 'nginx-locations.conf'),
      ),
    );
    let nginxLog = '';
    nginx = spawn(NGINX, ['-c', conf, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr?.on('data', (chunk: Buffer) => {
      nginxLog += chunk.toString('utf8');
    });
    const proxy = nginx;
    await waitFor(
      `${url}/api/health`,
      () => proxy.exitCode === null,
      () => nginxLog + (existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''),
      20_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, apis, accessLog: path.join(dir, 'access.log'), stop };
}

export interface AccessLine {
  status: number;
  request: string;
  /** The upstreams tried, in order ('127.0.0.1:1234'). */
  upstreams: string[];
}

/** nginx's access log (format `upstreams` above). */
export function readAccessLog(file: string): AccessLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\d{3}) "([^"]*)" upstream="([^"]*)"/.exec(line);
      return {
        status: Number(match?.[1] ?? 0),
        request: match?.[2] ?? line,
        upstreams: (match?.[3] ?? '').split(/\s*[,:]\s+/).filter((u) => u && u !== '-'),
      };
    });
}
