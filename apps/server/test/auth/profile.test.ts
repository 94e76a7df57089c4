import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, lastCode, post, signUp } from './helpers.ts';
import { multipart } from './multipart.ts';

/** A PNG header claiming width x height over a tiny deflated body of zeros (a "pixel flood"). */
function pixelFloodPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte + packed bits per row, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('profile', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-media-'));
    t = await createTestApp({ RATE_LIMIT_SCALE: '100', MEDIA_DIR: mediaDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const put = (
    token: string,
    body: { payload: Buffer | Record<string, unknown>; headers?: Record<string, string> },
  ) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/profile',
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
    });

  it('updates names with JSON and with multipart', async () => {
    const { token } = await signUp(t);
    const json = await put(token, { payload: { first_name: '  Grace ', last_name: 'Hopper' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      message: apiMessages.profileUpdated,
      user: { first_name: 'Grace', last_name: 'Hopper' },
    });
    const form = await put(token, multipart({ first_name: 'Ada', current_password: '' }));
    expect(form.statusCode).toBe(200);
    expect(form.json().user).toMatchObject({ first_name: 'Ada', last_name: 'Hopper' });
    expect((await get(t, '/auth/profile', token)).json().user.first_name).toBe('Ada');
  });

  it('validates profile fields in JSON and multipart alike', async () => {
    const { token } = await signUp(t);
    for (const body of [{ payload: { first_name: ' ' } }, multipart({ first_name: '' })]) {
      const res = await put(token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: v.firstNameRequired,
        errors: { first_name: v.firstNameRequired },
      });
    }
    const email = await put(token, multipart({ email: 'nope' }));
    expect(email.json().errors.email).toBe(v.emailInvalid);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/auth/profile', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('changes the e-mail only with the current password, then asks to verify it and signs out other sessions', async () => {
    const owner = await signUp(t);
    const other = (await post(t, '/auth/login', { email: owner.email, password: owner.password })).json()
      .accessToken as string;
    const newEmail = `moved.${owner.email}`;

    const missing = await put(owner.token, { payload: { email: newEmail } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: apiMessages.currentPasswordRequired,
      errors: { current_password: apiMessages.currentPasswordRequired },
    });
    const wrong = await put(owner.token, { payload: { email: newEmail, current_password: 'Wrong@2024' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBe(apiMessages.currentPasswordWrong);
    const taken = await signUp(t);
    const conflict = await put(owner.token, {
      payload: { email: taken.email, current_password: owner.password },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors.email).toBe(apiMessages.emailTaken);
    // The same e-mail (any case) is not a change and needs no password.
    expect((await put(owner.token, { payload: { email: owner.email.toUpperCase() } })).statusCode).toBe(200);

    const ok = await put(owner.token, { payload: { email: newEmail, current_password: owner.password } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await get(t, '/auth/me', owner.token)).statusCode).toBe(200);
    expect((await get(t, '/auth/me', other)).statusCode).toBe(401);
    // The next sign-in asks for the code mailed to the new address.
    const login = await post(t, '/auth/login', { email: newEmail, password: owner.password });
    expect(login.statusCode).toBe(403);
    const verified = await post(t, '/auth/verify-otp', {
      email: newEmail,
      otp: lastCode(t, newEmail),
      password: owner.password,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.emailVerified).toBe(true);
  });

  it('accepts a real picture: 512x512 WebP, metadata stripped, served under /media/avatars', async () => {
    const { token } = await signUp(t);
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7a2e1f' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'GPS 48.85,2.35' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const res = await put(
      token,
      multipart(
        { last_name: 'Loom' },
        { field: 'profileImage', filename: 'me.png', contentType: 'image/png', data: png },
      ),
    );
    expect(res.statusCode).toBe(200);
    const image = res.json().user.profileImage as string;
    expect(image).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    expect(res.json().user.last_name).toBe('Loom');
    const file = path.join(mediaDir, 'avatars', path.basename(image));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);

    // A second picture replaces the first on disk.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const again = await put(
      token,
      multipart({}, { field: 'profileImage', filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg }),
    );
    expect(again.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(
      fs.existsSync(path.join(mediaDir, 'avatars', path.basename(again.json().user.profileImage as string))),
    ).toBe(true);
  });

  it('refuses a text file named .png, an oversize file, a pixel flood, and a stray file field', async () => {
    const { token } = await signUp(t);
    const upload = (data: Buffer, field = 'profileImage') =>
      put(
        token,
        multipart({ first_name: 'Never' }, { field, filename: 'avatar.png', contentType: 'image/png', data }),
      );

    const text = await upload(Buffer.from('I am not a picture, just text pretending.'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      message: apiMessages.profileImageType,
      errors: { profileImage: apiMessages.profileImageType },
    });

    const big = await upload(
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(6 * 1024 * 1024, 1)]),
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.profileImage).toBe(apiMessages.profileImageTooLarge);

    const flood = pixelFloodPng(20_000, 20_000);
    expect(flood.length).toBeLessThan(200_000);
    expect(await sharp(flood, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    const res = await upload(flood);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.profileImage).toBe(apiMessages.profileImageTooManyPixels);

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gif)).json().errors.profileImage).toBe(apiMessages.profileImageType);

    expect((await upload(Buffer.from('x'), 'avatar')).statusCode).toBe(400);
    // Nothing was saved by any refused request.
    expect((await get(t, '/auth/me', token)).json().user).toMatchObject({
      first_name: 'Ada',
      profileImage: null,
    });
  });
});
