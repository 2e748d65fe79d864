/** A profile's avatar: its initial on the avatar's colour (a fixed set, decision 0285; no uploads). */
export function Avatar({ avatar, name, size = 'md' }: { avatar: string; name: string; size?: 'md' | 'lg' }) {
  return (
    <span className="profile-avatar" data-avatar={avatar} data-size={size} aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
