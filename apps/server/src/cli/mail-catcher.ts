// A local mail catcher for development: an SMTP server that keeps every mail in memory and a small web
// page that lists them. Point the app at it with SMTP_URL=smtp://127.0.0.1:1025.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const WEB_PORT = Number(process.env.MAIL_WEB_PORT ?? 1080);

interface Caught {
  id: number;
  at: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}
const mails: Caught[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        mails.unshift({
          id: mails.length + 1,
          at: new Date(),
          from: mail.from?.text ?? '',
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        });
        console.log(`mail to ${to}: ${mail.subject ?? ''}`);
        callback();
      })
      .catch(callback);
  },
});

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const web = http.createServer((req, res) => {
  const match = /^\/mail\/(\d+)$/.exec(req.url ?? '');
  if (match) {
    const mail = mails.find((m) => m.id === Number(match[1]));
    if (!mail) {
      res.writeHead(404).end('Not found');
      return;
    }
    // The mail's own HTML, sandboxed: no scripts run.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': 'sandbox' });
    res.end(mail.html || `<pre>${esc(mail.text)}</pre>`);
    return;
  }
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${m.at.toLocaleString()}</td><td>${esc(m.to)}</td><td><a href="/mail/${m.id}">${esc(m.subject)}</a></td></tr>
         <tr><td></td><td colspan="2"><pre style="white-space:pre-wrap;margin:0 0 12px">${esc(m.text)}</pre></td></tr>`,
    )
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Mail catcher</title>
<body style="font-family:sans-serif"><h1>Caught mails (${mails.length})</h1>
<table cellpadding="6"><tr><th align="left">Received</th><th align="left">To</th><th align="left">Subject</th></tr>${rows}</table></body>`);
});

smtp.listen(SMTP_PORT, '127.0.0.1', () => {
  web.listen(WEB_PORT, '127.0.0.1', () => {
    console.log(`Mail catcher: SMTP on smtp://127.0.0.1:${SMTP_PORT}, mails at http://127.0.0.1:${WEB_PORT}`);
    console.log(`Start the app with SMTP_URL=smtp://127.0.0.1:${SMTP_PORT} to send its mails here.`);
  });
});
