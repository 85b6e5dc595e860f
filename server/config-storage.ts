import { ConfigError, type Env } from './config-values.ts';
import { optional, text, url } from './config-read.ts';

/** S3-compatible object storage for the instruments' documents (domain/documents/store.ts). */
export interface S3Config {
  /** The server's address; buckets are addressed by path (S3_URL/bucket/key). */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export function s3Storage(env: Env): S3Config | null {
  const names = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  const endpoint = url(env, 'S3_URL', ['http:', 'https:']);
  if (endpoint === null) {
    const stray = [...names, 'S3_REGION'].find((name) => optional(env, name) !== null);
    if (stray) throw new ConfigError('S3_URL', `må settes når ${stray} er satt (uten S3_URL lagres dokumentene i DATA_DIR/documents)`);
    return null;
  }
  const required = (name: string) => {
    const value = optional(env, name);
    if (value === null) throw new ConfigError(name, 'må settes når S3_URL er satt');
    return value;
  };
  const bucket = required('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError('S3_BUCKET', `«${bucket}» er ikke et gyldig navn på en bøtte (3–63 tegn: små bokstaver, sifre, punktum og bindestrek)`);
  }
  const region = text(env, 'S3_REGION', 'us-east-1');
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError('S3_REGION', `«${region}» er ikke en region (for eksempel us-east-1 eller eu-north-1)`);
  return {
    url: endpoint.replace(/\/+$/, ''),
    bucket,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    region,
  };
}
