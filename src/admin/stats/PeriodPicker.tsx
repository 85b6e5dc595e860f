/**
 * The period of 'Nøkkeltall': 'I år', 'I fjor', 'Siste 12 måneder' or 'Velg periode' with Fra and
 * Til (the staff date field). A chosen range applies once both are whole dates in order; until
 * then the fields keep what was typed and say what is wrong, and the figures stay as they were.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { dateProblem } from '../dates/dateCheck.ts';
import { FilterDateField } from '../dates/FilterDateField.tsx';
import { formatDay } from './format.ts';
import { CHOICES, choiceOf, periodOf, rangeProblems, type Choice } from './period.ts';
import '../../i18n/app/stats-pages-nb.ts';

interface Props {
  period: StatsPeriod;
  today: string;
  onChange: (period: StatsPeriod) => void;
}

export function PeriodPicker({ period, today, onChange }: Props) {
  const translate = useTranslate();
  const [choosing, setChoosing] = useState(false);
  const [typed, setTyped] = useState<StatsPeriod>(period);
  const choice: Choice = choosing ? 'custom' : choiceOf(period, today);
  const problems = rangeProblems(typed.from, typed.to, today, dateProblem);

  const choose = (next: Choice) => {
    if (next === 'custom') {
      setTyped(period);
      setChoosing(true);
      return;
    }
    setChoosing(false);
    onChange(periodOf(next, today));
  };
  const type = (key: keyof StatsPeriod, value: string) => {
    const next = { ...typed, [key]: value };
    setTyped(next);
    if (Object.keys(rangeProblems(next.from, next.to, today, dateProblem)).length === 0) onChange(next);
  };

  return (
    <Box component="form" aria-labelledby="stats-period-label" onSubmit={(event) => event.preventDefault()} sx={{ mb: 3 }}>
      <FormLabel id="stats-period-label" sx={{ color: 'text.primary', fontWeight: 700 }}>
        {translate('app.stats.period.label')}
      </FormLabel>
      <RadioGroup row aria-labelledby="stats-period-label" value={choice} onChange={(event) => choose(event.target.value as Choice)}>
        {CHOICES.map((option) => (
          <FormControlLabel key={option} value={option} control={<Radio />} label={translate(`app.stats.period.${option}`)} />
        ))}
      </RadioGroup>
      {choice === 'custom' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
          <FilterDateField
            id="stats-from"
            label={translate('app.stats.period.from')}
            value={typed.from}
            onChange={(value) => type('from', value)}
            error={problems.from ? translate(problems.from) : undefined}
          />
          <FilterDateField
            id="stats-to"
            label={translate('app.stats.period.to')}
            value={typed.to}
            onChange={(value) => type('to', value)}
            error={problems.to ? translate(problems.to) : undefined}
          />
        </Box>
      )}
      <Typography role="status" sx={{ mt: 1 }}>
        {translate('app.stats.period.shown', { from: formatDay(period.from), to: formatDay(period.to) })}
      </Typography>
    </Box>
  );
}
