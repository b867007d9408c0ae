import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * /user_profile/redirect/.../{id} replaces itself with /user_profile/{id}. The router has already
 * decoded the id (decoding it again throws on a `%` it contains); an address it could not decode
 * (`%E0%A4%A`, `%ZZ`) comes as typed, and an id with a `%` names no account, so the profile
 * page shows OOPS for it.
 */
export function ProfileRedirect() {
  const { '*': rest = '' } = useParams();
  const id = rest.split('/').filter(Boolean).pop();
  return <Navigate replace to={id ? paths.profile.href(id) : paths.home.href()} />;
}
