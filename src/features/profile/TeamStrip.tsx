// "Our Team": a workplace's or non-profit's members. Opening one is an app feature on the web:
// the member's page opens in a new tab and the visitor is told about the app.
import type { TeamMember, UserDetails } from '../../api/contract/types';
import { Snackbar, useSnackbar } from '../../components/Snackbar';
import { AVATAR_SIZE, fixedImage } from '../../config/images';
import { paths } from '../../config/paths';
import { truncateMemberName } from './teamNames';
import './TeamStrip.css';

export const TEAM_APP_ONLY_MESSAGE = 'Download app to avail this feature';
export const TEAM_SNACKBAR_MS = 1000;

export function hasTeam(user: UserDetails): boolean {
  return user.businessType !== 'PERSON' && user.workPlaceMembersData.length > 0;
}

export function TeamStrip({ members }: { members: TeamMember[] }) {
  const snackbar = useSnackbar(TEAM_SNACKBAR_MS);
  return (
    <section className="team-strip" aria-labelledby="team-title">
      <h2 id="team-title" className="team-strip__title">
        Our Team
      </h2>
      <ul className="team-strip__list">
        {members.map((member) => (
          <li key={member._id}>
            <a
              className="team-member"
              href={paths.profile.href(member._id)}
              target="_blank"
              rel="noopener"
              onClick={() => snackbar.show(TEAM_APP_ONLY_MESSAGE)}
            >
              {member.profilePicture ? (
                <img
                  className="team-member__picture"
                  {...fixedImage(member.profilePicture, AVATAR_SIZE.teamMember)}
                  alt=""
                  width={AVATAR_SIZE.teamMember}
                  height={AVATAR_SIZE.teamMember}
                  loading="lazy"
                />
              ) : (
                <span className="team-member__picture team-member__picture--default" />
              )}
              <span className="team-member__name" aria-hidden="true">
                {truncateMemberName(member.fullName)}
              </span>
              <span className="visually-hidden">{member.fullName} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <Snackbar {...snackbar} />
    </section>
  );
}
