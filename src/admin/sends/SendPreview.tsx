/**
 * The send as a member gets it: the subject, the whole mail (unsubscribe footer included) in a frame
 * of its own as a mail program shows it (its styles apart from the page's; sandboxed, so nothing in it
 * runs and a link opens in a new tab), the SMS with its stop text; how many it reaches now and how
 * many are left out by reason. Shown for the first recipient by name until staff pick a member.
 */
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Outreach, OutreachExcluded, OutreachPreview } from '../../dataProvider/index.ts';
import { MailFrame } from '../layout/MailFrame.tsx';
import { formatCount, hasEmail, hasSms } from './sendText.tsx';
import '../../i18n/app/sends-pages-nb.ts';

// The member picker (react-admin's reference autocomplete) comes when staff ask for it, not with the page.
const SendMemberPicker = lazy(() => import('./SendMemberPicker.tsx'));

const EXCLUDED: (keyof OutreachExcluded)[] = ['erased', 'blocked', 'no_consent', 'no_address'];

/** 'Vis som et annet medlem', then the picker, with the keyboard in it. */
function MemberPicker({ onPick }: { onPick: (memberId: number | undefined) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate('app.sends.preview.choose_member')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<LinearProgress sx={{ maxWidth: 420, my: 3 }} aria-label={translate('app.sends.preview.member')} />}>
      <SendMemberPicker onPick={onPick} />
    </Suspense>
  );
}

export function Counts({ preview }: { preview: OutreachPreview }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="h6" component="p" data-testid="preview-recipients">
        {translate('app.sends.preview.recipients', { smart_count: preview.recipients, count: formatCount(preview.recipients) })}
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {translate('app.sends.preview.excluded_heading')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.5 }}>
        {EXCLUDED.map((reason) => (
          <Box key={reason} sx={{ display: 'contents' }}>
            <Typography component="dt">{translate(`app.sends.preview.excluded.${reason}`)}</Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {formatCount(preview.excluded[reason])}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

interface Props {
  send: Outreach;
  preview: OutreachPreview | undefined;
  error: Error | null;
  fetching: boolean;
  onMember: (memberId: number | undefined) => void;
}

export function SendPreview({ send, preview, error, fetching, onMember }: Props) {
  const translate = useTranslate();
  return (
    <Paper component="section" aria-labelledby="send-preview-heading" sx={{ p: 2, minWidth: 0 }}>
      <Typography id="send-preview-heading" variant="h6" component="h2">
        {translate('app.sends.preview.heading')}
      </Typography>
      <LinearProgress sx={{ visibility: fetching ? 'visible' : 'hidden', my: 1 }} aria-hidden />
      {error && (
        <Typography role="alert" color="error">
          {translate('app.sends.preview.failed', { message: error.message })}
        </Typography>
      )}
      {preview && (
        <>
          <Counts preview={preview} />
          <Box sx={{ mt: 2 }}>
            <MemberPicker onPick={onMember} />
          </Box>
          <Typography sx={{ mb: 1 }}>
            {preview.member ? translate('app.sends.preview.as_member', { name: preview.member.name }) : translate('app.sends.preview.nobody')}
          </Typography>
          {hasEmail(send.channel) && (
            <>
              <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {translate('app.sends.preview.subject', { subject: preview.subject })}
              </Typography>
              <Typography variant="subtitle2" component="h3" id="send-preview-mail" sx={{ mt: 2 }}>
                {translate('app.sends.preview.mail_title')}
              </Typography>
              <Box component="section" aria-labelledby="send-preview-mail" data-testid="preview-mail" sx={{ mt: 1 }}>
                <MailFrame html={preview.body} title={translate('app.sends.preview.mail_title')} />
              </Box>
            </>
          )}
          {hasSms(send.channel) && preview.sms_text !== null && (
            <>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                {translate('app.sends.preview.sms')}
              </Typography>
              {/* An SMS is plain text: whatever it holds stays text. */}
              <Box
                data-testid="preview-sms"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {preview.sms_text}
              </Box>
            </>
          )}
        </>
      )}
    </Paper>
  );
}
