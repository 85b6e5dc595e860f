/**
 * The body of 'Vipps-avtale' on the member page (read-only), loaded when the section comes near the
 * window (MemberVippsAgreement.tsx): the member's agreement for drawing the dues, its charges with
 * their states, and the latest changes (from Min side, staff, Vipps' webhook or the polling job).
 */
import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { http } from '../../common/http.ts';
import { formatDate, formatKroner, formatTime } from '../../common/format.ts';
import { unwrap } from '../../dataProvider/errors.ts';
import type { VippsAgreementAnswer } from '../../../server/schemas/vipps-agreements.ts';
import '../../i18n/app/vipps-agreement-pages-nb.ts';

const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '');

type Agreement = NonNullable<VippsAgreementAnswer['data']['agreement']>;

/** The agreement's facts as label key and value, in the order they are shown ('Stoppet' only once it has stopped). */
function facts(agreement: Agreement, t: (key: string) => string): [string, string][] {
  const rows: [string, string][] = [
    ['state', t(`states.${agreement.state}`) + (agreement.stopped_by ? ` (${t(`stopped_by.${agreement.stopped_by}`)})` : '')],
    ['price', formatKroner(agreement.price)],
    ['covers', t(agreement.includes_premiums ? 'dues_and_premiums' : 'dues_only')],
    ['vipps_id', agreement.agreement_id ?? ''],
    ['created', when(agreement.created_at)],
  ];
  if (agreement.stopped_at) rows.push(['stopped', when(agreement.stopped_at)]);
  return rows;
}

export default function VippsAgreementBody({ memberId }: { memberId: number }) {
  const translate = useTranslate();
  const query = useQuery({
    queryKey: ['members', memberId, 'vipps-agreement'],
    queryFn: async () => unwrap(await http.get<VippsAgreementAnswer>(`/api/member/${memberId}/vipps-agreement`)).data,
  });
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.vipps_agreement.${key}`, options);
  const data = query.data;
  const agreement = data?.agreement ?? null;
  return (
    <>
      {query.isError ? (
        <Alert severity="error">{translate('app.errors.generic')}</Alert>
      ) : !data ? (
        <Typography>{translate('app.loading')}</Typography>
      ) : !agreement ? (
        <Typography color="text.secondary">{t('none')}</Typography>
      ) : (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0 }}>
            {facts(agreement, t).map(([label, value]) => (
              <Fragment key={label}>
                <Typography component="dt" fontWeight={600}>
                  {t(label)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Fragment>
            ))}
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('charges')}
          </Typography>
          {data.charges.length === 0 ? (
            <Typography color="text.secondary">{t('no_charges')}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={t('charges')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('invoice')}</TableCell>
                    <TableCell align="right">{t('amount')}</TableCell>
                    <TableCell>{t('due')}</TableCell>
                    <TableCell>{t('state')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.charges.map((charge) => (
                    <TableRow key={charge.id}>
                      <TableCell>{charge.invoice_number}</TableCell>
                      <TableCell align="right">{formatKroner(charge.amount)}</TableCell>
                      <TableCell>{formatDate(charge.due_date)}</TableCell>
                      <TableCell>
                        {t(`charge_states.${charge.state}`)}
                        {charge.failure_reason ? ` – ${charge.failure_reason}` : ''}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('history')}
          </Typography>
          {data.events.length === 0 ? (
            <Typography color="text.secondary">{t('no_history')}</Typography>
          ) : (
            <Box component="ul" sx={{ pl: 2.5, my: 0 }}>
              {data.events.slice(0, 10).map((event) => (
                <li key={event.id}>
                  <Typography variant="body2">
                    {when(event.at)}: {[event.from_state, event.to_state].filter(Boolean).join(' → ')}
                    {event.charge_id ? ` (${event.charge_id})` : ''} – {t(`sources.${event.source}`)}
                    {event.event ? `, ${event.event}` : ''}
                    {event.note ? `: ${event.note}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </>
      )}
    </>
  );
}
