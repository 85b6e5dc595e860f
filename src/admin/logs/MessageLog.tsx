/** Meldingslogg: every message sent to the member; a row opens the message, a mail in its sandboxed frame (MailFrame.tsx). */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';
import { formatDate, formatTime } from '../../common/format.ts';
import { useCan } from '../access/rights.ts';
import type { EmailLogEntry } from '../../dataProvider/types.ts';
import { LogTable, type Column } from './LogTable.tsx';
import { MessageDelivery } from './MessageDelivery.tsx';
import { InitialsBadge } from './InitialsBadge.tsx';
import { LogDialog } from './LogDialog.tsx';
import { MailFrame } from '../layout/MailFrame.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/** A message of a send to a group names the send (outreach_id), which its row links to. */
type Entry = EmailLogEntry & { outreach_id?: number | null };

export function MessageLog({ memberId }: { memberId: number }) {
  const translate = useTranslate();
  // The link to the send shows to those who may open 'Utsendelser'.
  const canOpenSends = useCan('outreach.send');
  const [open, setOpen] = useState<EmailLogEntry | null>(null);
  const t = (key: string) => translate(`app.logs.messages.${key}`);
  const key = (name: string) => `app.logs.messages.${name}`;
  const sendColumn: Column<Entry> = {
    label: 'app.sends.log.column',
    render: (row) =>
      row.outreach_id ? (
        // Its own link: following it does not open the message as a click elsewhere on the row does.
        <Link component={RouterLink} to={`/sends/${row.outreach_id}`} onClick={(event) => event.stopPropagation()}>
          {translate('app.sends.log.link')}
        </Link>
      ) : null,
  };
  const columns = (rows: Entry[]): Column<Entry>[] => [
    {
      source: 'subject',
      label: key('subject'),
      render: (row) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: row.status === 'failed' ? 'error.main' : undefined }}>
          {row.status === 'failed' && <ErrorOutline fontSize="small" titleAccess={t('status.failed')} />}
          {row.subject}
        </Box>
      ),
    },
    { source: 'sent_at', label: key('sent_date'), render: (row) => formatDate(row.sent_at) },
    { source: 'time', label: key('time'), render: (row) => formatTime(row.sent_at) },
    { source: 'email_to', label: key('email'), render: (row) => row.email_to },
    { label: key('by'), render: (row) => <InitialsBadge person={row.sender} /> },
    // The link to the send shows when a message on the page came from one, to those who may open 'Utsendelser'.
    ...(canOpenSends && rows.some((entry) => entry.outreach_id) ? [sendColumn] : []),
  ];
  return (
    <section aria-labelledby="message-log-title">
      <LogTable<Entry>
        resource="email-logs"
        memberId={memberId}
        title="app.logs.messages.title"
        titleId="message-log-title"
        columns={columns}
        onOpen={setOpen}
      />
      <LogDialog open={open !== null} title={open?.subject ?? ''} onClose={() => setOpen(null)}>
        {open && (
          <>
            <MessageDelivery entry={open} onResent={setOpen} />
            <Field label={t('modal_subject')} value={open.subject} />
            <Field label={t('modal_from_name')} value={open.from_name ?? ''} />
            <Field label={t('modal_from_email')} value={open.email_from ?? ''} />
            <Typography variant="caption" color="text.secondary" component="p">
              {t('modal_content')}
            </Typography>
            {open.channel === 'sms' ? (
              // An SMS is plain text: a name like '<img src=x>' in it stays text.
              <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{open.content}</Box>
            ) : (
              <MailFrame html={open.content} title={t('mail_title')} />
            )}
          </>
        )}
      </LogDialog>
    </section>
  );
}
