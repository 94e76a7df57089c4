import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, CHAT_TOKEN_HEADER, chatMessages } from '@knotwork/shared/schemas/chat';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createMailer, type Mailer } from '../../src/modules/mail/mailer.ts';
import { users } from '../../src/db/schema/index.ts';
import { createUserWithToken, LiveTestClient } from '../realtime/helpers.ts';

/** Undoes quoted-printable soft breaks and escapes, enough to read a text part. */
const unQuote = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

describe('live chat', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let origin: string;
  const inbox: { to: string[]; raw: string }[] = [];
  let staff: Awaited<ReturnType<typeof createUserWithToken>>;
  let customer: Awaited<ReturnType<typeof createUserWithToken>>;
  let stranger: Awaited<ReturnType<typeof createUserWithToken>>;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: unQuote(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}/?ignoreTLS=true`;
    const box: { real?: Mailer } = {};
    t = await createTestApp(
      { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://rugs.example', RATE_LIMIT_SCALE: '1' },
      { mailer: { send: (m) => box.real!.send(m) } },
    );
    box.real = createMailer({ db: t.database.db, smtpUrl, from: t.config.MAIL_FROM, log: t.app.log });
    staff = await createUserWithToken(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ role: 'admin', firstName: 'Nadia' })
      .where(eq(users.id, staff.userId));
    customer = await createUserWithToken(t.app);
    await t.app.ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, customer.userId));
    stranger = await createUserWithToken(t.app);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  let ip = 0;
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    opts: { token?: string; chatToken?: string; payload?: unknown; ip?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      payload: opts.payload as Record<string, unknown> | undefined,
      remoteAddress: opts.ip ?? `10.1.0.${(ip += 1)}`,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.chatToken ? { [CHAT_TOKEN_HEADER]: opts.chatToken } : {}),
        'accept-language': 'ar',
      },
    });
  const waitForMail = async (to: string, count: number) => {
    for (let i = 0; i < 200 && inbox.filter((m) => m.to.includes(to)).length < count; i++)
      await new Promise((r) => setTimeout(r, 25));
    return inbox.filter((m) => m.to.includes(to));
  };

  it('a visitor opens a conversation with an e-mail address and gets a token that opens it again', async () => {
    const res = await call('POST', '/chat/conversations', {
      payload: { email: 'visitor@example.com', body: 'Is lot 4 <b>wool</b>?' },
    });
    expect(res.statusCode).toBe(201);
    const { data, token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(data.status).toBe('open');
    expect(data.channel).toMatch(/^chat:[0-9a-f]{64}$/);
    expect(data.messages).toMatchObject([
      { author: 'customer', body: 'Is lot 4 <b>wool</b>?', staffName: null },
    ]);

    const again = await call('GET', `/chat/conversations/${data.id}`, { chatToken: token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.messages).toHaveLength(1);
  });

  it('refuses a visitor without an e-mail address, an empty or too long message, unknown fields', async () => {
    const noEmail = await call('POST', '/chat/conversations', { payload: { body: 'Hello' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({
      message: chatMessages.emailRequired,
      errors: { email: chatMessages.emailRequired },
    });
    const empty = await call('POST', '/chat/conversations', {
      payload: { email: 'a@example.com', body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBe(chatMessages.bodyRequired);
    const long = await call('POST', '/chat/conversations', {
      payload: { email: 'a@example.com', body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) },
    });
    expect(long.json().errors.body).toBe(chatMessages.bodyMax);
    const extra = await call('POST', '/chat/conversations', {
      payload: { email: 'a@example.com', body: 'hi', userId: staff.userId },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('shows a conversation only to its customer and to staff: 404 for everyone else', async () => {
    const visitor = (
      await call('POST', '/chat/conversations', { payload: { email: 'v2@example.com', body: 'Hello' } })
    ).json();
    const mine = (
      await call('POST', '/chat/conversations', { token: customer.token, payload: { body: 'Mine' } })
    ).json();
    expect(mine.token).toBeNull();
    const otherVisitor = (
      await call('POST', '/chat/conversations', { payload: { email: 'v3@example.com', body: 'Other' } })
    ).json();

    const cases: [string, { token?: string; chatToken?: string }, number][] = [
      // The visitor's conversation
      [visitor.data.id, {}, 404],
      [visitor.data.id, { chatToken: otherVisitor.token }, 404],
      [
        visitor.data.id,
        { chatToken: visitor.token.slice(0, -1) + (visitor.token.endsWith('A') ? 'B' : 'A') },
        404,
      ],
      [visitor.data.id, { token: stranger.token }, 404],
      [visitor.data.id, { token: staff.token }, 404], // staff read it through /admin/chat
      [visitor.data.id, { chatToken: visitor.token }, 200],
      // The signed-in customer's conversation
      [mine.data.id, {}, 404],
      [mine.data.id, { token: stranger.token }, 404],
      [mine.data.id, { chatToken: visitor.token }, 404],
      [mine.data.id, { token: customer.token }, 200],
      ['00000000-0000-4000-8000-000000000000', { token: customer.token }, 404],
    ];
    for (const [id, who, status] of cases) {
      expect(
        (await call('GET', `/chat/conversations/${id}`, who)).statusCode,
        `${id} ${JSON.stringify(who)}`,
      ).toBe(status);
      const post = await call('POST', `/chat/conversations/${id}/messages`, {
        ...who,
        payload: { body: 'x' },
      });
      expect(post.statusCode).toBe(status === 200 ? 201 : status);
    }

    // Staff routes: 401 without a session, 403 for customers, 200 for staff.
    expect((await call('GET', '/admin/chat/conversations')).statusCode).toBe(401);
    expect((await call('GET', '/admin/chat/conversations', { token: customer.token })).statusCode).toBe(403);
    expect(
      (await call('GET', `/admin/chat/conversations/${mine.data.id}`, { token: customer.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/admin/chat/conversations/${mine.data.id}/messages`, {
          token: customer.token,
          payload: { body: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('PATCH', `/admin/chat/conversations/${mine.data.id}`, {
          token: stranger.token,
          payload: { status: 'resolved' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('POST', '/admin/chat/presence', { token: customer.token })).statusCode).toBe(403);
    expect(
      (await call('GET', `/admin/chat/conversations/${mine.data.id}`, { token: staff.token })).statusCode,
    ).toBe(200);

    // A signed-in customer lists only their own conversations.
    const list = (await call('GET', '/chat/conversations', { token: customer.token })).json().data as {
      id: string;
    }[];
    expect(list.map((c) => c.id)).toContain(mine.data.id);
    expect(list.map((c) => c.id)).not.toContain(visitor.data.id);
    expect((await call('GET', '/chat/conversations', { token: stranger.token })).json().data).toEqual([]);
    expect((await call('GET', '/chat/conversations')).statusCode).toBe(401);
  });

  it('gives staff the inbox: status, assignee, unread counts, waiting-since; replies, status and assignee changes', async () => {
    const { data } = (
      await call('POST', '/chat/conversations', { payload: { email: 'inbox@example.com', body: 'First' } })
    ).json();
    const token = (
      await call('POST', '/chat/conversations', { payload: { email: 'ignored@example.com', body: 'x' } })
    ).json().token as string;
    expect(token).toBeTruthy();
    const list = (await call('GET', '/admin/chat/conversations?status=open', { token: staff.token })).json()
      .data as Record<string, unknown>[];
    const row = list.find((c) => c.id === data.id)!;
    expect(row).toMatchObject({
      status: 'open',
      unread: 1,
      assignee: null,
      customer: { email: 'inbox@example.com', userId: null, language: 'ar' },
    });
    expect(typeof row.waitingSince).toBe('string');

    const opened = (await call('GET', `/admin/chat/conversations/${data.id}`, { token: staff.token })).json()
      .data;
    expect(opened.unread).toBe(0);
    expect(opened.customerPresent).toBe(true);

    const reply = await call('POST', `/admin/chat/conversations/${data.id}/messages`, {
      token: staff.token,
      payload: { body: 'Yes, all wool.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      data: { author: 'staff', staffName: 'Nadia', body: 'Yes, all wool.' },
      emailed: false,
    });
    const after = (await call('GET', `/admin/chat/conversations/${data.id}`, { token: staff.token })).json()
      .data;
    expect(after).toMatchObject({
      status: 'pending',
      waitingSince: null,
      assignee: { id: staff.userId, name: 'Nadia' },
    });

    const resolved = await call('PATCH', `/admin/chat/conversations/${data.id}`, {
      token: staff.token,
      payload: { status: 'resolved', assigneeId: null },
    });
    expect(resolved.json().data).toMatchObject({ status: 'resolved', assignee: null });
    const badAssignee = await call('PATCH', `/admin/chat/conversations/${data.id}`, {
      token: staff.token,
      payload: { assigneeId: customer.userId },
    });
    expect(badAssignee.statusCode).toBe(400);
    expect(badAssignee.json().message).toBe(chatMessages.assigneeNotStaff);
    expect(
      (
        await call('PATCH', `/admin/chat/conversations/00000000-0000-4000-8000-000000000000`, {
          token: staff.token,
          payload: { status: 'open' },
        })
      ).statusCode,
    ).toBe(404);
    const filtered = (
      await call('GET', '/admin/chat/conversations?status=resolved', { token: staff.token })
    ).json().data as { id: string }[];
    expect(filtered.map((c) => c.id)).toContain(data.id);
  });

  it('tells the widget whether staff are online, from the presence heartbeat', async () => {
    // Other tests may have sent heartbeats; a fresh app would say false before the first.
    const before = (await call('GET', '/chat/availability')).json().data;
    expect(before.replyWithinHours).toBeGreaterThan(0);
    await t.database.query('delete from chat_staff_presence');
    expect((await call('GET', '/chat/availability')).json().data.staffOnline).toBe(false);
    const beat = await call('POST', '/admin/chat/presence', { token: staff.token });
    expect(beat.json().data.staffOnline).toBe(true);
    expect((await call('GET', '/chat/availability')).json().data.staffOnline).toBe(true);
    await t.database.query(`update chat_staff_presence set seen_at = now() - interval '5 minutes'`);
    expect((await call('GET', '/chat/availability')).json().data.staffOnline).toBe(false);
  });

  it('delivers over the live socket: visitors with their channel, customers on their user channel, staff on the staff channel', async () => {
    const visitor = (
      await call('POST', '/chat/conversations', { payload: { email: 'live@example.com', body: 'Live?' } })
    ).json();
    const socketVisitor = await LiveTestClient.connect(origin);
    const socketStaff = await LiveTestClient.connect(origin);
    const socketCustomer = await LiveTestClient.connect(origin);
    const socketStranger = await LiveTestClient.connect(origin);
    try {
      socketVisitor.send({ type: 'subscribe', channels: [visitor.data.channel] });
      await socketVisitor.nextOfType('subscribed');
      // Only staff sockets may join the staff channel.
      socketStranger.send({ type: 'auth', token: customer.token });
      await socketStranger.nextOfType('subscribed');
      socketStranger.send({ type: 'subscribe', channels: ['staff:chat'] });
      expect(await socketStranger.nextOfType('error')).toMatchObject({ code: 'forbidden_channel' });
      socketStaff.send({ type: 'auth', token: staff.token });
      await socketStaff.nextOfType('subscribed');
      socketStaff.send({ type: 'subscribe', channels: ['staff:chat'] });
      await socketStaff.nextOfType('subscribed');
      socketCustomer.send({ type: 'auth', token: customer.token });
      await socketCustomer.nextOfType('subscribed');

      await call('POST', `/admin/chat/conversations/${visitor.data.id}/messages`, {
        token: staff.token,
        payload: { body: 'Hello, live.' },
      });
      const got = await socketVisitor.next((m) => m.type === 'event' && m.event === 'chat.message');
      expect(got).toMatchObject({
        data: { conversationId: visitor.data.id, message: { body: 'Hello, live.', author: 'staff' } },
      });
      await socketStaff.next((m) => m.type === 'event' && m.event === 'chat.message');

      const mine = (
        await call('POST', '/chat/conversations', {
          token: customer.token,
          payload: { body: 'From my account' },
        })
      ).json();
      await call('POST', `/admin/chat/conversations/${mine.data.id}/messages`, {
        token: staff.token,
        payload: { body: 'For you' },
      });
      const forCustomer = await socketCustomer.next((m) => m.type === 'event' && m.event === 'chat.message');
      expect(forCustomer).toMatchObject({
        channel: `user:${customer.userId.toLowerCase()}`,
        data: { message: { body: 'For you' } },
      });
      await socketStaff.roundTrip();
      await socketVisitor.roundTrip();
      // Nobody else heard the visitor's or the customer's conversation.
      expect(
        socketStranger.received.filter(
          (m) =>
            m.type === 'event' &&
            m.event === 'chat.message' &&
            (m.data as { conversationId?: string }).conversationId === visitor.data.id,
        ),
      ).toEqual([]);
      expect(
        socketVisitor.received.filter(
          (m) =>
            m.type === 'event' &&
            m.data &&
            (m.data as { conversationId?: string }).conversationId === mine.data.id,
        ),
      ).toEqual([]);

      // A staff socket that signs in as someone else (or whose token fails) leaves the staff channel at once.
      socketStaff.send({ type: 'auth', token: customer.token });
      await socketStaff.nextOfType('subscribed');
      socketStaff.send({ type: 'auth', token: 'not-a-token' });
      await socketStaff.nextOfType('error');
      await call('POST', `/chat/conversations/${visitor.data.id}/messages`, {
        chatToken: visitor.token,
        payload: { body: 'After' },
      });
      await socketVisitor.next(
        (m) =>
          m.type === 'event' &&
          m.event === 'chat.message' &&
          (m.data as { message?: { body: string } }).message?.body === 'After',
      );
      await socketStaff.roundTrip();
      expect(
        socketStaff
          .eventsOn('staff:chat')
          .some((m) => (m.data as { message?: { body: string } }).message?.body === 'After'),
      ).toBe(false);
    } finally {
      await Promise.all([
        socketVisitor.close(),
        socketStaff.close(),
        socketCustomer.close(),
        socketStranger.close(),
      ]);
    }
  });

  it("e-mails a staff reply to a customer whose widget is not open, in the customer's language, with a link back", async () => {
    const visitor = (
      await call('POST', '/chat/conversations', {
        payload: { email: 'away@example.com', body: 'Do you ship to Lyon?' },
      })
    ).json();
    // The visitor's widget last beat 5 minutes ago.
    await t.database.query(
      `update chat_conversations set customer_seen_at = now() - interval '5 minutes' where id = $1`,
      [visitor.data.id],
    );
    const reply = await call('POST', `/admin/chat/conversations/${visitor.data.id}/messages`, {
      token: staff.token,
      payload: { body: 'We do, insured.' },
    });
    expect(reply.json().emailed).toBe(true);
    const [mail] = await waitForMail('away@example.com', 1);
    expect(mail!.raw).toContain('We do, insured.');
    expect(mail!.raw).toContain(
      `https://rugs.example/?chat=${visitor.data.id}&amp;chatToken=${visitor.token}`,
    );
    // The visitor wrote with an Arabic page: the mail is in Arabic.
    expect(mail!.raw).toMatch(/dir="rtl"|dir=3D"rtl"/);

    // A signed-in customer gets it in their account's language (French here), with a link without a token.
    const mine = (
      await call('POST', '/chat/conversations', {
        token: customer.token,
        payload: { body: 'Et le tapis 7 ?' },
      })
    ).json();
    await t.database.query(`update chat_conversations set customer_seen_at = null where id = $1`, [
      mine.data.id,
    ]);
    const [customerRow] = await t.database.query<{ email: string }>('select email from users where id = $1', [
      customer.userId,
    ]);
    await call('POST', `/admin/chat/conversations/${mine.data.id}/messages`, {
      token: staff.token,
      payload: { body: 'Vendu, hélas.' },
    });
    const [frMail] = await waitForMail(customerRow!.email, 1);
    expect(frMail!.raw).toContain('a répondu à votre message');
    expect(frMail!.raw).toContain(`https://rugs.example/?chat=${mine.data.id}`);
    expect(frMail!.raw).not.toContain('chatToken');

    // The widget's heartbeat keeps the next reply in the chat.
    const seen = await call('POST', `/chat/conversations/${visitor.data.id}/seen`, {
      chatToken: visitor.token,
    });
    expect(seen.statusCode).toBe(200);
    const live = await call('POST', `/admin/chat/conversations/${visitor.data.id}/messages`, {
      token: staff.token,
      payload: { body: 'Anything else?' },
    });
    expect(live.json().emailed).toBe(false);
    // Closing the widget says so: the next reply goes by e-mail again, without waiting for the heartbeat to age.
    expect(
      (await call('POST', `/chat/conversations/${visitor.data.id}/away`, { chatToken: 'wrong' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/chat/conversations/${visitor.data.id}/away`, { chatToken: visitor.token }))
        .statusCode,
    ).toBe(200);
    const later = await call('POST', `/admin/chat/conversations/${visitor.data.id}/messages`, {
      token: staff.token,
      payload: { body: 'Still there?' },
    });
    expect(later.json().emailed).toBe(true);
    expect((await waitForMail('away@example.com', 2)).at(-1)!.raw).toContain('Still there?');
  });

  it('rate-limits messages per conversation', async () => {
    const { data, token } = (
      await call('POST', '/chat/conversations', { payload: { email: 'fast@example.com', body: 'One' } })
    ).json();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await call('POST', `/chat/conversations/${data.id}/messages`, {
            chatToken: token,
            payload: { body: `m${i}` },
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await call('POST', `/chat/conversations/${data.id}/messages`, {
      chatToken: token,
      payload: { body: 'again' },
    });
    expect(limited.json().message).toBeTruthy();
  });

  it('lets a specialist answer (issue 24): inbox, reply, assignable, counted online, the staff socket', async () => {
    const specialist = await createUserWithToken(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ role: 'specialist', firstName: 'Samir' })
      .where(eq(users.id, specialist.userId));
    const { data } = (
      await call('POST', '/chat/conversations', {
        payload: { email: 'knots@example.com', body: 'Knot count?' },
      })
    ).json();
    const list = await call('GET', '/admin/chat/conversations?status=open', { token: specialist.token });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as { id: string }[]).map((c) => c.id)).toContain(data.id);
    const reply = await call('POST', `/admin/chat/conversations/${data.id}/messages`, {
      token: specialist.token,
      payload: { body: 'About 200,000 per square metre.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ author: 'staff', staffName: 'Samir' });
    const staffList = (await call('GET', '/admin/chat/staff', { token: specialist.token })).json().data as {
      id: string;
    }[];
    expect(staffList.map((s) => s.id)).toContain(specialist.userId);
    const assigned = await call('PATCH', `/admin/chat/conversations/${data.id}`, {
      token: staff.token,
      payload: { assigneeId: specialist.userId },
    });
    expect(assigned.json().data.assignee).toMatchObject({ id: specialist.userId });

    await t.database.query('delete from chat_staff_presence');
    await call('POST', '/admin/chat/presence', { token: specialist.token });
    expect((await call('GET', '/chat/availability')).json().data.staffOnline).toBe(true);

    const socket = await LiveTestClient.connect(origin);
    try {
      socket.send({ type: 'auth', token: specialist.token });
      await socket.nextOfType('subscribed');
      socket.send({ type: 'subscribe', channels: ['staff:chat'] });
      expect(await socket.nextOfType('subscribed')).toMatchObject({ channels: ['staff:chat'] });
    } finally {
      await socket.close();
    }
  });
});
