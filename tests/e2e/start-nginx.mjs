// Runs Debian's nginx in the foreground with deploy/nginx.conf, twice: once as deployed for a
// service that answers CORS (NGINX_PORT, 8090), once with the optional /api/ reverse proxy
// (NGINX_PROXY_PORT, 8091), both in front of the simulated service at SIMULATOR_URL; and a third
// time over TLS with HTTP/2 when NGINX_TLS_PORT is set (below).
// Needs libnginx-mod-http-brotli-static (NGINX_MODULES: where its module is, Debian's by default).
// NGINX_ROOT (default dist) is the build it serves: the bench serves its own build.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.NGINX_PORT ?? 8090);
const proxyPort = Number(process.env.NGINX_PROXY_PORT ?? 8091);
const work = `/tmp/seo-dashboard-e2e-nginx-${port}`;
mkdirSync(work, { recursive: true });
const template = readFileSync(resolve(root, 'deploy/nginx.conf'), 'utf8');
// What deploy/nginx.conf puts in http {} before its server block (the maps) is written once.
const serverStart = template.search(/^server \{/m);
const httpLevel = template.slice(0, serverStart);
const serverTemplate = template.slice(serverStart);
const modules = process.env.NGINX_MODULES ?? '/usr/lib/nginx/modules';
const simulator = process.env.SIMULATOR_URL ?? 'http://127.0.0.1:8787';
const servedRoot = resolve(root, process.env.NGINX_ROOT ?? 'dist');

// NGINX_TLS_PORT (with NGINX_TLS_CERT and NGINX_TLS_KEY): a third server, the proxied one over
// TLS with HTTP/2, with deploy/nginx.conf's own certificate lines (the bench's Lighthouse).
const tls = process.env.NGINX_TLS_PORT
  ? { port: Number(process.env.NGINX_TLS_PORT), cert: process.env.NGINX_TLS_CERT, key: process.env.NGINX_TLS_KEY }
  : null;

function serverBlock(port, withProxy, withTls = false) {
  let block = serverTemplate
    .replace(/listen 80;/, withTls ? `listen 127.0.0.1:${port} ssl http2;` : `listen 127.0.0.1:${port};`)
    .replace(/root \/var\/www\/seo-dashboard;/, `root ${servedRoot};`)
    .replace(/set \$api_origins "[^"]*";/, `set $api_origins "${simulator}";`);
  if (withTls) {
    block = block
      .replace(/# ssl_certificate\s+\S+;/, `ssl_certificate ${tls.cert};`)
      .replace(/# ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${tls.key};`);
  }
  if (withProxy) {
    block = block.replace(/# BEGIN api proxy\n([\s\S]*?)# END api proxy/, (_, body) =>
      body.replace(/^(\s*)# ?/gm, '$1').replace('proxy_pass https://seo.example.com;', `proxy_pass ${simulator};`),
    );
  }
  return block;
}

const config = `
load_module ${modules}/ngx_http_brotli_static_module.so;
daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${work}/access.log;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  ${httpLevel}
  ${serverBlock(port, false)}
  ${serverBlock(proxyPort, true)}
  ${tls ? serverBlock(tls.port, true, true) : ''}
}
`;
writeFileSync(`${work}/nginx.conf`, config);
const nginx = spawn(process.env.NGINX_PATH ?? 'nginx', ['-c', `${work}/nginx.conf`, '-p', work], { stdio: 'inherit' });
nginx.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => nginx.kill('SIGQUIT'));
