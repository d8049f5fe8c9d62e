// AWS SDK for JavaScript v3 (@aws-sdk/client-s3) against a posixgw endpoint, driven by AwsSdkJsIT.
//
// Usage: node aws_sdk_flow.mjs --endpoint http://127.0.0.1:PORT --bucket NAME --workdir DIR
// Credentials come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. Default integrity settings
// (recent versions send CRC32 checksums, in aws-chunked trailers for streams). The Java test writes
// the input files into DIR (big.bin, keys.txt); this script uploads, downloads into DIR and prints
// one JSON object on its last stdout line with what it saw. Any error exits non-zero with its stack.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  S3Client,
  CreateBucketCommand,
  HeadBucketCommand,
  PutObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  CopyObjectCommand,
  DeleteObjectsCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';

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

async function main() {
  const { endpoint, bucket, workdir } = args();
  const s3 = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY },
    maxAttempts: 1,
  });
  const version = JSON.parse(fs.readFileSync(new URL('./node_modules/@aws-sdk/client-s3/package.json', import.meta.url))).version;
  const out = { awsSdk: version };

  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new HeadBucketCommand({ Bucket: bucket }));

  // put from a file stream (aws-chunked with a CRC32 trailer), and from a Buffer
  const big = path.join(workdir, 'big.bin');
  const size = fs.statSync(big).size;
  const put = await s3.send(new PutObjectCommand({
    Bucket: bucket, Key: 'stream/big.bin', Body: fs.createReadStream(big), ContentLength: size,
    ContentType: 'application/x-aws-sdk-js', Metadata: { tool: 'aws-sdk-js' },
  }));
  out.put = { etag: put.ETag, crc32: put.ChecksumCRC32 ?? null };
  const small = Buffer.from('small body from a buffer, é\n', 'utf8');
  const put2 = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'buffer/small é+.txt', Body: small }));
  out.putBuffer = { etag: put2.ETag };

  // get as a stream (checksum validated by the SDK), piped to a file
  const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'stream/big.bin', ChecksumMode: 'ENABLED' }));
  out.get = { length: got.ContentLength, etag: got.ETag, crc32: got.ChecksumCRC32 ?? null };
  await pipeline(got.Body, fs.createWriteStream(path.join(workdir, 'big.down')));
  const ranged = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'stream/big.bin', Range: 'bytes=1000-1099' }));
  out.range = { contentRange: ranged.ContentRange };
  await pipeline(ranged.Body, fs.createWriteStream(path.join(workdir, 'range.down')));

  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'stream/big.bin' }));
  out.head = { length: head.ContentLength, etag: head.ETag, type: head.ContentType, metadata: head.Metadata };

  // list: many small keys, paginated, and with a delimiter
  const keys = fs.readFileSync(path.join(workdir, 'keys.txt'), 'utf8').split('\n').filter((k) => k.length > 0);
  for (const k of keys) {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: k, Body: Buffer.from(k, 'utf8') }));
  }
  out.pages = [];
  out.listed = [];
  for await (const page of paginateListObjectsV2({ client: s3, pageSize: 50 }, { Bucket: bucket, Prefix: 'list/' })) {
    out.pages.push(page.KeyCount);
    for (const o of page.Contents ?? []) out.listed.push({ key: o.Key, size: o.Size, etag: o.ETag });
  }
  const delimited = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/', Delimiter: '/' }));
  out.prefixes = (delimited.CommonPrefixes ?? []).map((p) => p.Prefix);

  // copy (the copy source is URL-encoded, as the SDK docs ask)
  const copied = await s3.send(new CopyObjectCommand({
    Bucket: bucket, Key: 'copy/big copy.bin', CopySource: `${bucket}/${encodeURIComponent('stream/big.bin')}`,
  }));
  out.copy = { etag: copied.CopyObjectResult.ETag };
  const copyBody = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'copy/big copy.bin' }));
  await pipeline(copyBody.Body, fs.createWriteStream(path.join(workdir, 'copy.down')));

  // remove many (DeleteObjects, which the SDK sends with a checksum), then one
  const del = await s3.send(new DeleteObjectsCommand({
    Bucket: bucket, Delete: { Objects: keys.map((k) => ({ Key: k })) },
  }));
  out.deleted = (del.Deleted ?? []).length;
  out.deleteErrors = del.Errors ?? [];
  out.afterDelete = (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'list/' }))).KeyCount;
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'copy/big copy.bin' }));
  out.afterDeleteOne = (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'copy/' }))).KeyCount;

  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : e);
  if (e && e.$response) console.error('HTTP', e.$response.statusCode, JSON.stringify(e.$response.headers));
  process.exit(1);
});
