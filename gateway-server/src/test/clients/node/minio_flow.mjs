// minio-js against a posixgw endpoint, driven by MinioJsIT.
//
// Usage: node minio_flow.mjs --endpoint http://127.0.0.1:PORT --bucket NAME --workdir DIR
// Credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. The Java test writes the input
// files into DIR (big.bin, keys.txt); this script uploads, downloads into DIR and prints one JSON
// object on its last stdout line with what it saw. Any error exits non-zero with its stack.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as Minio from 'minio';

const MIB = 1024 * 1024;

function args() {
  const out = {};
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i += 2) {
    out[a[i].replace(/^--/, '')] = a[i + 1];
  }
  for (const k of ['endpoint', 'bucket', 'workdir']) {
    if (!out[k]) throw new Error(`missing --${k}`);
  }
  return out;
}

function collect(stream) {
  return new Promise((resolve, reject) => {
    const items = [];
    stream.on('data', (x) => items.push(x));
    stream.on('error', reject);
    stream.on('end', () => resolve(items));
  });
}

async function main() {
  const { endpoint, bucket, workdir } = args();
  const url = new URL(endpoint);
  // No region: minio-js discovers it with GetBucketLocation, as the platform's minio-py does.
  // 5 MiB parts so the 17 MiB upload goes multipart.
  const mc = new Minio.Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: process.env.AWS_ACCESS_KEY_ID,
    secretKey: process.env.AWS_SECRET_ACCESS_KEY,
    partSize: 5 * MIB,
  });
  const version = JSON.parse(fs.readFileSync(new URL('./node_modules/minio/package.json', import.meta.url))).version;
  const out = { minio: version };

  await mc.makeBucket(bucket);
  out.bucketExists = await mc.bucketExists(bucket);

  // put from a stream of known size (multipart at 5 MiB), with type and user metadata
  const big = path.join(workdir, 'big.bin');
  const size = fs.statSync(big).size;
  const put = await mc.putObject(bucket, 'stream/big.bin', fs.createReadStream(big), size,
    { 'Content-Type': 'application/x-minio-js', 'X-Amz-Meta-Tool': 'minio-js' });
  out.put = { etag: put.etag };
  // put from a stream of unknown size
  const put2 = await mc.putObject(bucket, 'stream/unknown size.bin', fs.createReadStream(big));
  out.putUnknown = { etag: put2.etag };

  // get as a stream, piped to a file
  await pipeline(await mc.getObject(bucket, 'stream/big.bin'), fs.createWriteStream(path.join(workdir, 'big.down')));
  // ranged get
  await pipeline(await mc.getPartialObject(bucket, 'stream/big.bin', 1000, 100), fs.createWriteStream(path.join(workdir, 'range.down')));

  const st = await mc.statObject(bucket, 'stream/big.bin');
  out.stat = { size: st.size, etag: st.etag, type: st.metaData['content-type'], tool: st.metaData['tool'] };

  // list: many small keys, recursive and by prefix
  const keys = fs.readFileSync(path.join(workdir, 'keys.txt'), 'utf8').split('\n').filter((k) => k.length > 0);
  for (const k of keys) {
    await mc.putObject(bucket, k, Buffer.from(k, 'utf8'));
  }
  const recursive = await collect(mc.listObjectsV2(bucket, 'list/', true));
  out.listRecursive = recursive.map((o) => ({ key: o.name, size: o.size, etag: o.etag }));
  const shallow = await collect(mc.listObjects(bucket, 'list/', false));
  out.listShallow = shallow.map((o) => (o.prefix ? { prefix: o.prefix } : { key: o.name }));

  // copy
  const copied = await mc.copyObject(bucket, 'copy/big copy.bin', `/${bucket}/stream/big.bin`);
  out.copy = { etag: copied.etag };
  await pipeline(await mc.getObject(bucket, 'copy/big copy.bin'), fs.createWriteStream(path.join(workdir, 'copy.down')));

  // remove many (DeleteObjects), then one
  const removed = await mc.removeObjects(bucket, keys);
  out.removeErrors = removed; // Quiet mode: minio-js returns only the errors
  out.afterRemove = (await collect(mc.listObjectsV2(bucket, 'list/', true))).length;
  await mc.removeObject(bucket, 'copy/big copy.bin');
  out.afterRemoveOne = (await collect(mc.listObjectsV2(bucket, 'copy/', true))).length;

  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  process.exit(1);
});
