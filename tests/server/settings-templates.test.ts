import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => t.close());

const patch = (id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/emails/template/${id}`, headers: bearer(staff.token), payload });

describe('editing an e-mail template', () => {
  it('saves the fields and strips scripts, event attributes and remote images from the content', async () => {
    const response = await patch(3, {
      title: ' Reiseforsikringen din ',
      content: '<p onclick="x()">Hei {first_name}</p><img src="https://example.no/a.png" onerror="alert(1)"><script>alert(2)</script>',
      from_name: 'Forsikring',
      from_email: 'forsikring@example.no',
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.title).toBe('Reiseforsikringen din');
    // A remote image would be fetched by the mail client: templates cannot hold one.
    expect(data.content).toBe('<p>Hei {first_name}</p>');
    const [stored] = await t.db.query<{ content: string }>('SELECT content FROM email_templates WHERE id = 3');
    expect(stored.content).not.toMatch(/script|onerror|onclick/);
  });

  it("refuses a bad sender address with 'Ugyldig Epost format' and empty fields with 'Påkrevd felt'", async () => {
    const bad = await patch(1, { from_email: 'post-at-example' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ from_email: ['Ugyldig Epost format'] });
    const empty = await patch(1, { title: '  ', content: '<p></p>', from_name: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ title: ['Påkrevd felt'], content: ['Påkrevd felt'], from_name: ['Påkrevd felt'] });
    const [unchanged] = await t.db.query<{ title: string }>('SELECT title FROM email_templates WHERE id = 1');
    expect(unchanged.title).toBe('Søknaden din om medlemskap');
  });

  it('refuses a placeholder the template does not know, and a reset mail without its link', async () => {
    const unknown = await patch(1, { content: '<p>Hei {fornavn}</p>' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.content[0]).toContain('Ukjent plassholder: {fornavn}');
    const noLink = await patch(6, { content: '<p>Hei {first_name}, her er ingen lenke</p>' });
    expect(noLink.statusCode).toBe(422);
    expect(noLink.json().errors.content[0]).toBe('Malen må inneholde {button} i teksten: der setter systemet inn knappen med lenken.');
    expect((await patch(999, { title: 'X' })).statusCode).toBe(404);
  });

  it('sends a test to the signed-in staff user, filled in for a member, and logs it', async () => {
    const member = await createAccount(t.db, { first_name: 'Ola', last_name: 'Testesen' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/emails/template/1/test',
      headers: bearer(staff.token),
      payload: { member_id: member.id },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json().data.to).toBe(staff.email);
    const [logged] = await t.db.query<{ email_to: string; subject: string; content: string; sender_id: number }>(
      'SELECT email_to, subject, content, sender_id FROM message_log WHERE id = $1',
      [response.json().data.message_id],
    );
    expect(logged.email_to).toBe(staff.email);
    expect(logged.subject).toBe('[Test] Søknaden din om medlemskap');
    expect(logged.content).toContain('Hei Ola Testesen');
    expect(logged.sender_id).toBe(staff.id);
  });
});
