/** The way from the instrument queue to 'Takst og dokumentasjon', the insured instruments by their valuation. */
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { useTranslate } from 'react-admin';

export function ValuationListLink() {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to="/instrument-insurance/valuation" variant="outlined" startIcon={<FactCheckOutlined />}>
      {translate('app.valuation.list.open')}
    </Button>
  );
}
