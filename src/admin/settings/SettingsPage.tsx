/** '/settings': the route and its title; the cards come with the settings area. */
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

export function SettingsPage() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.settings.title')} />
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>{translate('app.settings.title')}</Typography>
    </>
  );
}


export default SettingsPage;
