import type { UserDetails } from '../../api/contract/types';
import { AVATAR_SIZE, fixedImage } from '../../config/images';
import { titleCase } from '../../lib/titleCase';

/** Spec: the verification ring is fixed at 85 percent. */
export const RING_PERCENT = 85;

type Verification = 'profile' | 'non-profit' | 'none';

function verificationOf(user: UserDetails): Verification {
  if (user.premium.isProfileVerified) return 'profile';
  if (user.isNgoVerified) return 'non-profit';
  return 'none';
}

const TICK_LABEL: Record<Exclude<Verification, 'none'>, string> = {
  profile: 'Verified profile',
  'non-profit': 'Verified non-profit',
};

export function ProfileCard({ user }: { user: UserDetails }) {
  const verification = verificationOf(user);
  const name = titleCase(user.fullName);
  return (
    <section className="profile-card" aria-labelledby="profile-name">
      <Avatar picture={user.profilePicture} name={name} verification={verification} />
      <h1 id="profile-name" className="profile-card__name">
        {name}
        {verification !== 'none' && (
          <VerifiedTick verification={verification} label={TICK_LABEL[verification]} />
        )}
      </h1>
      {user.profession && <p className="profile-card__profession">{user.profession}</p>}
      {user.workPlace && (
        <p className="profile-card__workplace">
          <span className="visually-hidden">Workplace: </span>
          {user.workPlace}
        </p>
      )}
      {user.bio && <p className="profile-card__bio">{user.bio}</p>}
    </section>
  );
}

function Avatar({
  picture,
  name,
  verification,
}: {
  picture: string | null;
  name: string;
  verification: Verification;
}) {
  const radius = 54;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className={`avatar-ring avatar-ring--${verification}`} data-ring-percent={RING_PERCENT}>
      <svg className="avatar-ring__svg" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <circle className="avatar-ring__track" cx="60" cy="60" r={radius} />
        <circle
          className="avatar-ring__progress"
          cx="60"
          cy="60"
          r={radius}
          strokeDasharray={`${(circumference * RING_PERCENT) / 100} ${circumference}`}
          transform="rotate(-90 60 60)"
        />
      </svg>
      {picture ? (
        <img
          className="avatar-ring__picture"
          {...fixedImage(picture, AVATAR_SIZE.profile)}
          alt={name}
          width={AVATAR_SIZE.profile}
          height={AVATAR_SIZE.profile}
          fetchPriority="high"
        />
      ) : (
        <DefaultAvatar name={name} />
      )}
    </div>
  );
}

function DefaultAvatar({ name }: { name: string }) {
  return (
    <svg className="avatar-ring__picture avatar-ring__default" viewBox="0 0 96 96" role="img">
      <title>{name}</title>
      <rect width="96" height="96" fill="#e9e1f1" />
      <circle cx="48" cy="38" r="17" fill="#9a86ad" />
      <path d="M16 90c4-19 17-29 32-29s28 10 32 29z" fill="#9a86ad" />
    </svg>
  );
}

function VerifiedTick({ verification, label }: { verification: Verification; label: string }) {
  return (
    <svg
      className={`verified-tick verified-tick--${verification}`}
      viewBox="0 0 24 24"
      width="22"
      height="22"
      role="img"
      aria-label={label}
    >
      <path
        fill="currentColor"
        d="M12 1.5l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3 1 3-2.6 1.9-1 3-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3-2.6-1.9 1-3-1-3 2.6-1.9 1-3 3.2.1z"
      />
      <path
        d="M7.5 12.2l3 3 6-6.2"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
