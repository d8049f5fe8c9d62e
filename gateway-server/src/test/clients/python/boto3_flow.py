#!/usr/bin/python3
"""boto3 against a posixgw endpoint, driven by Boto3IT.

Run with Debian's /usr/bin/python3 (python3-boto3). Arguments: --endpoint URL --bucket NAME
--workdir DIR; credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. The Java test writes
the input files into DIR (big.bin, small.bin, keys.txt), this script drives the gateway with them,
writes what it downloaded back into DIR, and prints one JSON object on its last stdout line with
what it saw. The Java side asserts that JSON, the downloaded files and the files under the
gateway's root. Any exception makes the script exit non-zero with its traceback.
"""
import argparse
import json
import os
import sys
import urllib.request

import boto3
import botocore
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import ClientError

MIB = 1024 * 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--bucket", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    work = args.workdir
    bucket = args.bucket

    # boto3 1.26 presigns with SigV2 unless told otherwise; path-style, as with any custom endpoint.
    s3 = boto3.client(
        "s3",
        endpoint_url=args.endpoint,
        region_name="us-east-1",
        config=Config(signature_version="s3v4", s3={"addressing_style": "path"},
                      retries={"max_attempts": 1, "mode": "standard"}, connect_timeout=5, read_timeout=30),
    )
    out = {"boto3": boto3.__version__, "botocore": botocore.__version__}

    s3.create_bucket(Bucket=bucket)

    # s3transfer: 5 MiB parts, 4 threads, both ways.
    transfer = TransferConfig(multipart_threshold=5 * MIB, multipart_chunksize=5 * MIB, max_concurrency=4)
    with open(os.path.join(work, "big.bin"), "rb") as f:
        s3.upload_fileobj(f, bucket, "transfer/big.bin", Config=transfer,
                          ExtraArgs={"ContentType": "application/x-boto3", "Metadata": {"tool": "boto3"}})
    head = s3.head_object(Bucket=bucket, Key="transfer/big.bin")
    out["head"] = {"etag": head["ETag"], "length": head["ContentLength"], "type": head["ContentType"],
                   "metadata": head["Metadata"]}
    with open(os.path.join(work, "big.down"), "wb") as f:
        s3.download_fileobj(bucket, "transfer/big.bin", f, Config=transfer)

    # list_objects_v2 paginator over keys given by the Java side (one per line, UTF-8).
    with open(os.path.join(work, "keys.txt"), encoding="utf-8") as f:
        keys = [line.rstrip("\n") for line in f if line.strip()]
    for k in keys:
        s3.put_object(Bucket=bucket, Key=k, Body=k.encode("utf-8"))
    pages, listed = [], []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix="list/",
                                                              PaginationConfig={"PageSize": 50}):
        pages.append(page.get("KeyCount", 0))
        for o in page.get("Contents", []):
            listed.append({"key": o["Key"], "size": o["Size"], "etag": o["ETag"]})
    out["pages"] = pages
    out["listed"] = listed
    delimited = s3.list_objects_v2(Bucket=bucket, Prefix="list/", Delimiter="/")
    out["prefixes"] = [p["Prefix"] for p in delimited.get("CommonPrefixes", [])]
    # list_object_versions paginator (key-marker / version-id-marker), as cleanup tools use it
    versions = []
    for page in s3.get_paginator("list_object_versions").paginate(Bucket=bucket, Prefix="list/",
                                                                   PaginationConfig={"PageSize": 50}):
        for v in page.get("Versions", []):
            versions.append({"key": v["Key"], "version": v["VersionId"], "latest": v["IsLatest"]})
        if page.get("DeleteMarkers"):
            versions.append({"delete_markers": len(page["DeleteMarkers"])})
    out["versions"] = versions

    # ACLs (disabled, as on S3): read as the owner's full control; bucket-owner-full-control is the
    # one ACL still accepted, any other ("private" included, as S3 answers) is refused
    bucket_acl = s3.get_bucket_acl(Bucket=bucket)
    object_acl = s3.get_object_acl(Bucket=bucket, Key="transfer/big.bin")
    s3.put_object_acl(Bucket=bucket, Key="transfer/big.bin", ACL="bucket-owner-full-control")
    try:
        s3.put_object_acl(Bucket=bucket, Key="transfer/big.bin", ACL="public-read")
        refused = None
    except ClientError as e:
        refused = e.response["Error"]["Code"]
    attrs = s3.get_object_attributes(Bucket=bucket, Key="transfer/big.bin",
                                     ObjectAttributes=["ETag", "ObjectParts", "ObjectSize", "StorageClass"], MaxParts=2)
    out["attributes"] = {"etag": attrs["ETag"], "size": attrs["ObjectSize"], "parts": attrs["ObjectParts"]["TotalPartsCount"],
                         "page": [p["Size"] for p in attrs["ObjectParts"]["Parts"]],
                         "truncated": attrs["ObjectParts"]["IsTruncated"]}
    out["acl"] = {
        "bucket_owner": bucket_acl["Owner"]["ID"],
        "bucket_grants": [(g["Grantee"].get("ID"), g["Grantee"].get("Type"), g["Permission"]) for g in bucket_acl["Grants"]],
        "object_grants": [(g["Grantee"].get("ID"), g["Grantee"].get("Type"), g["Permission"]) for g in object_acl["Grants"]],
        "public_read": refused,
    }

    # copy_object: metadata copied, then replaced.
    copied = s3.copy_object(Bucket=bucket, Key="copy/same meta.bin",
                            CopySource={"Bucket": bucket, "Key": "transfer/big.bin"})
    replaced = s3.copy_object(Bucket=bucket, Key="copy/new meta.bin",
                              CopySource={"Bucket": bucket, "Key": "transfer/big.bin"},
                              MetadataDirective="REPLACE", ContentType="text/x-replaced",
                              Metadata={"tool": "copy"})
    out["copy"] = {
        "etag": copied["CopyObjectResult"]["ETag"],
        "same": s3.head_object(Bucket=bucket, Key="copy/same meta.bin")["Metadata"],
        "replaced_etag": replaced["CopyObjectResult"]["ETag"],
        "replaced": s3.head_object(Bucket=bucket, Key="copy/new meta.bin")["Metadata"],
        "replaced_type": s3.head_object(Bucket=bucket, Key="copy/new meta.bin")["ContentType"],
    }

    with open(os.path.join(work, "small.bin"), "rb") as f:
        small = f.read()

    # flexible checksums: botocore sends the checksum, the gateway verifies it, stores it and returns
    # it in checksum mode, where botocore validates the body against it.
    checksums = {}
    for alg in ("CRC32", "SHA1", "SHA256"):
        put = s3.put_object(Bucket=bucket, Key="checksum/" + alg, Body=small, ChecksumAlgorithm=alg)
        got = s3.get_object(Bucket=bucket, Key="checksum/" + alg, ChecksumMode="ENABLED")
        checksums[alg] = {"put": put.get("Checksum" + alg), "get": got.get("Checksum" + alg),
                          "same_body": got["Body"].read() == small}
    out["checksums"] = checksums

    # generate_presigned_url, used with urllib (no boto3 on the wire).
    put_url = s3.generate_presigned_url("put_object", Params={"Bucket": bucket, "Key": "presigned/a b+c%.bin"},
                                        ExpiresIn=300)
    with urllib.request.urlopen(urllib.request.Request(put_url, data=small, method="PUT")) as r:
        out["presigned_put"] = {"status": r.status, "etag": r.headers.get("ETag")}
    get_url = s3.generate_presigned_url("get_object", Params={"Bucket": bucket, "Key": "transfer/big.bin"},
                                        ExpiresIn=300)
    with urllib.request.urlopen(get_url) as r, open(os.path.join(work, "presigned.down"), "wb") as f:
        out["presigned_get"] = {"status": r.status}
        f.write(r.read())
    out["presigned_urls"] = [put_url.split("?")[0], get_url.split("?")[0]]
    out["presigned_sigv4"] = all("X-Amz-Algorithm=AWS4-HMAC-SHA256" in u for u in (put_url, get_url))

    # delete_objects: every listed key, in batches of at most 1000, plus one key that never existed.
    deleted, errors = 0, []
    to_delete = [o["key"] for o in listed] + ["list/never-existed"]
    for i in range(0, len(to_delete), 1000):
        r = s3.delete_objects(Bucket=bucket, Delete={"Objects": [{"Key": k} for k in to_delete[i:i + 1000]]})
        deleted += len(r.get("Deleted", []))
        errors += r.get("Errors", [])
    out["deleted"] = deleted
    out["delete_errors"] = errors
    out["after_delete"] = s3.list_objects_v2(Bucket=bucket, Prefix="list/")["KeyCount"]

    print(json.dumps(out, ensure_ascii=True))


if __name__ == "__main__":
    try:
        main()
    except Exception:
        import traceback
        traceback.print_exc()
        sys.exit(1)
