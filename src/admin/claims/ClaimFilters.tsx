/**
 * The claim queue's filters: the state ('Sendt og under behandling', as the badge counts, by
 * default, one state, or all) and the search on member name, member number, make and model.
 * The state filter is never empty: react-admin would put the default back in its place.
 */
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListContext, useTranslate } from 'react-admin';
import { MemberSearch } from '../lists/MemberSearch.tsx';
import { CLAIM_STATES, WAITING_STATES } from './claimText.tsx';
import '../../i18n/app/claims-pages-nb.ts';

export const WAITING = WAITING_STATES.join(',');
const ALL = CLAIM_STATES.join(',');

/** The filters the queue opens with: the claims waiting, as the menu badge counts them. */
export const CLAIM_FILTER_DEFAULTS = { state: WAITING };

export function ClaimFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const state = typeof filterValues.state === 'string' ? filterValues.state : WAITING;
  const choices = [
    { value: WAITING, text: translate('app.claims.filter.waiting') },
    ...CLAIM_STATES.map((one) => ({ value: one, text: translate(`app.claims.state.${one}`) })),
    { value: ALL, text: translate('app.claims.filter.all') },
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <TextField
        select
        size="small"
        id="claim-state-filter"
        label={translate('app.claims.filter_state')}
        value={state}
        onChange={(event) => setFilters({ ...filterValues, state: event.target.value }, {}, false)}
        sx={{ width: { xs: '100%', sm: 300 } }}
      >
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.text}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flex: '1 1 280px', maxWidth: { sm: 480 } }}>
        <MemberSearch source="q" label="app.claims.search" />
      </Box>
    </Box>
  );
}
