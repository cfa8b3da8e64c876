import { describe, expect, it } from 'vitest'
import { DEFAULT_S3_REGION, s3SettingsFrom } from './s3Settings'

describe('S3 settings', () => {
  it('leaves uploads on the local disk when S3_BUCKET is unset or blank', () => {
    expect(s3SettingsFrom({})).toBeNull()
    expect(s3SettingsFrom({ S3_BUCKET: '  ', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toBeNull()
  })

  it('reads Amazon S3 with the default region, host-style addresses and the SDK’s own credentials', () => {
    expect(s3SettingsFrom({ S3_BUCKET: 'uploads' })).toEqual({
      bucket: 'uploads',
      region: DEFAULT_S3_REGION,
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    })
  })

  it('uses path-style addresses for a store at its own endpoint unless told otherwise', () => {
    const env = { S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://127.0.0.1:9000' }
    expect(s3SettingsFrom(env)?.forcePathStyle).toBe(true)
    expect(s3SettingsFrom({ ...env, S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false)
    expect(() => s3SettingsFrom({ ...env, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/)
  })

  it('takes the key id and secret together, and refuses one without the other', () => {
    const both = s3SettingsFrom({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })
    expect(both?.credentials).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' })
    expect(() => s3SettingsFrom({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/)
  })
})
