import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';

/** /user_profile/redirect/.../{id} replaces itself with /user_profile/{id}. */
export function ProfileRedirect() {
  const { '*': rest = '' } = useParams();
  const id = rest.split('/').filter(Boolean).pop();
  return (
    <Navigate replace to={id ? paths.profile.href(decodeURIComponent(id)) : paths.home.href()} />
  );
}
