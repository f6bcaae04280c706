// The first paint's bytes on the wire as nginx (deploy/nginx.conf) serves them to a browser that
// accepts brotli: whatever encoding nginx really answers with is what is counted and named.
import { get } from 'node:http';

/** One GET, counting the body bytes as sent (node:http does not decompress). */
function transferred(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        response.statusCode === 200
          ? resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' })
          : reject(new Error(`${url}: HTTP ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Sums `files` (paths under the site root) as served from `origin` with `Accept-Encoding`. */
export async function servedBytes(origin, files, acceptEncoding = 'br') {
  const answers = await Promise.all(files.map((file) => transferred(`${origin}/${file}`, acceptEncoding)));
  const encodings = new Map();
  for (const { encoding } of answers) encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
  return {
    bytes: answers.reduce((sum, answer) => sum + answer.bytes, 0),
    encodings: [...encodings].map(([encoding, count]) => `${encoding} ×${count}`).join(', '),
  };
}
