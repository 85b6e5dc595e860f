/** '/sends/create': a new send, saved as a draft to preview, test and send from its own page. */
import { PageTitle } from '../settings/PageTitle.tsx';
import { SendForm } from './SendForm.tsx';

export default function SendCreate() {
  return (
    <>
      <PageTitle label="app.sends.create_title" />
      <SendForm send={null} />
    </>
  );
}
