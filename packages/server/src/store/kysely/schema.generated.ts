// Written by packages/server/scripts/generate-schema.ts from the migrations (decision 0407); do not edit.
import type { Generated } from 'kysely';

export interface AccessTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: number;
}

export interface AccountsTable {
  account_id: string;
  kind: 'user' | 'guest';
  virtual_code: string;
  email: string | null;
  phone_pre_code: string | null;
  phone: string | null;
  phone_key: string | null;
  account_name: string;
  password_hash: string | null;
  login_method: number;
  country: string;
  device_id: string | null;
  free_trial_status: string;
  free_trial_ends_at: number | null;
  recharged: Generated<number>;
  member_site_purchase: Generated<number>;
  created_at: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface AttemptLimitsTable {
  limit_key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

export interface BroadcastJobsTable {
  job_id: string;
  title: string;
  content: string;
  after_account: Generated<string>;
  sent: Generated<number>;
  total: number;
  created_by: string;
  actor_email: string;
  done: Generated<number>;
}

export interface CatalogueVersionTable {
  id: Generated<number>;
  n: number;
}

export interface ChannelAudioPostersTable {
  logical_channel_id: string;
  seq: number;
  url: string;
}

export interface ChannelBroadcastsTable {
  logical_channel_id: string;
  opens_at: number;
}

export interface ChannelColumnMembersTable {
  logical_channel_id: string;
  column_id: string;
}

export interface ChannelColumnNamesTable {
  column_id: string;
  lang: string;
  name: string;
}

export interface ChannelColumnsTable {
  column_id: string;
  column_name: string;
  column_seq: number;
}

export interface ChannelContentRulesTable {
  logical_channel_id: string;
  seq: number;
  rule_category: 'basic' | 'except';
  action: 'allow' | 'deny';
  rule_type: 'ip' | 'mac' | 'region' | 'account';
  rule_value: string;
}

export interface ChannelsTable {
  logical_channel_id: string;
  logical_channel_name: string;
  channel_seq: number;
  channel_id: string;
  channel_type: number;
  source_type: number;
  icon_url: string;
  can_play_back: number;
  playback_duration: number;
  epg_id: string;
  live_stream_id: string;
  drm_type: string;
  product_id: string;
  updated_at: number;
}

export interface CodeBatchExportsTable {
  job_id: string;
  seq: number;
  sealed: string;
}

export interface CodeBatchJobsTable {
  job_id: string;
  batch_id: string;
  plan_id: string;
  wanted: number;
  made: Generated<number>;
  created_by: string;
  actor_email: string;
  taken_at: number | null;
}

export interface ConsoleTitleCreditsTable {
  meta_id: string;
  kind: 'cast' | 'director' | 'genre';
  name: string;
  seq: number;
}

export interface ConsoleTitleTextsTable {
  meta_id: string;
  lang: string;
  title: string;
  plot: string;
}

export interface ConsoleTitlesTable {
  meta_id: string;
  meta_type: 'MOVIE' | 'SERIES' | 'SEASON' | 'EPISODE';
  vod_type: string;
  release_year: number;
  series_id: string | null;
  season_no: number | null;
  episode_no: number | null;
  asset_id: string | null;
  duration: Generated<number>;
  qualities: Generated<string>;
  job_id: string | null;
  published_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
  age_rating: string | null;
}

export interface ContractSignaturesTable {
  account_id: string;
  policy_id: string;
  contract_version: string;
  signed_at: number;
}

export interface ContractsTable {
  policy_id: string;
  contract_version: string;
  seq: number;
  title: string;
  content: string;
  must_sign: number;
  published_at: number;
}

export interface EntitlementsVersionTable {
  id: Generated<number>;
  n: number;
}

export interface EpgDaysTable {
  epg_id: string;
  day: string;
  checksum: string;
  updated_at: number;
  programs_json: Generated<string>;
}

export interface EpgProgramsTable {
  program_id: string;
  epg_id: string;
  day: string;
  start_ts: number;
  stop_ts: number;
  title: string;
  content: string;
  is_catchup: number;
  categories_json: Generated<string>;
  rating_system: Generated<string>;
  rating: Generated<string>;
}

export interface FavoriteChannelsTable {
  profile_id: string;
  account_id: string;
  logical_channel_id: string;
  update_time: number;
}

export interface FavouritesVersionTable {
  id: Generated<number>;
  n: number;
}

export interface GuideChannelsTable {
  source_id: number;
  xmltv_id: string;
  names_json: string;
}

export interface GuideHandMappingsTable {
  logical_channel_id: string;
  xmltv_id: string | null;
  created_at: number;
}

export interface HomeRecommendsTable {
  seq: Generated<number>;
  logical_channel_id: string;
}

export interface IpCountryRangesTable {
  range_start: number;
  range_end: number;
  country: string;
}

export interface LibrariesTable {
  name: string;
  folder: string;
  lang: string;
  publish: Generated<number>;
  parallel: Generated<number>;
  created_at: number;
  last_import: Generated<string>;
  last_import_at: number | null;
  watch_minutes: Generated<number>;
  files_seen: Generated<string>;
  watched_at: number | null;
  feed: Generated<string>;
  xtream_source: Generated<string>;
}

export interface LibraryFilesTable {
  folder: string;
  path: string;
  size: number;
  modified_at: number;
  meta_id: string;
  imported_at: number;
  digest: Generated<string>;
  media: Generated<string>;
}

export interface LibraryPicturesTable {
  meta_id: string;
  kind: string;
  source: string;
  stored: string;
}

export interface LibrarySeriesTable {
  folder: string;
  name: string;
  meta_id: string;
}

export interface LineupSourcesTable {
  source_id: Generated<number>;
  name: string;
  kind: 'm3u' | 'xtream' | 'xmltv';
  location: string;
  xtream_user: Generated<string>;
  xtream_password: Generated<string>;
  guide_location: Generated<string>;
  refresh_minutes: number;
  groups_json: string | null;
  product_id: string;
  created_at: number;
  status: Generated<'new' | 'ok' | 'failed'>;
  last_refresh_at: number | null;
  last_duration_ms: number | null;
  last_error: Generated<string>;
  counts_json: Generated<string>;
}

export interface LineupVersionTable {
  id: Generated<number>;
  n: number;
}

export interface LiveChangeMarksTable {
  scope: string;
  data_type: string;
  fingerprint: string;
  changed_at: number;
}

export interface LiveChannelModesTable {
  logical_channel_id: string;
  mode: 'relay' | 'record';
  retention_days: number;
  video: Generated<'copy' | 'h264' | 'ladder'>;
}

export interface LiveChannelSourcesTable {
  logical_channel_id: string;
  position: number;
  url: string;
}

export interface LiveHealthTable {
  logical_channel_id: string;
  at: number;
  bitrate_sum: Generated<number>;
  samples: Generated<number>;
  errors: Generated<number>;
}

export interface LiveOnAirRequestsTable {
  logical_channel_id: string;
  url: string;
  at: number;
  seq: Generated<number>;
}

export interface LiveSwitchesTable {
  logical_channel_id: string;
  at: number;
}

export interface MemberSiteGrantsTable {
  grant_id: string;
  account_id: string;
  plan_id: string;
  issued_at: number;
  accepted_at: number;
}

export interface NoticeDisplayChannelsTable {
  notice_id: string;
  logical_channel_id: string;
}

export interface NoticeDisplayModesTable {
  notice_id: string;
  display_mode: number;
}

export interface NoticeReadsTable {
  notice_id: string;
  account_id: string;
  read_at: number;
}

export interface NoticesTable {
  notice_id: string;
  priority: number;
  title: string;
  msg: string;
  display_interval: number;
  display_times: number;
  background_color: string;
  text_color: string;
  text_size: number;
  created_at: number;
  valid_until: number | null;
  withdrawn_at: number | null;
  starts_at: number | null;
}

export interface NoticesVersionTable {
  id: Generated<number>;
  n: number;
}

export interface NotificationsTable {
  msg_id: string;
  account_id: string;
  title: string;
  content: string;
  state: 'unread' | 'read' | 'deleted';
  created_at: number;
}

export interface OperatorAuditTable {
  seq: Generated<number>;
  at: number;
  actor: string;
  actor_email: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
}

export interface OperatorChallengesTable {
  challenge_hash: string;
  operator_id: string;
  expires_at: number;
}

export interface OperatorJobParamsTable {
  job_id: string;
  actor_email: string;
  params: string;
}

export interface OperatorJobsTable {
  job_id: string;
  kind: string;
  target: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: Generated<number>;
  message: Generated<string>;
  error: Generated<string>;
  created_by: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  owner: Generated<string>;
  lease_until: Generated<number>;
  resumed_at: number | null;
  priority: Generated<number>;
}

export interface OperatorRecoveryCodesTable {
  code_hash: string;
  operator_id: string;
  used_at: number | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  session_id: string;
  operator_id: string;
  client_ip: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OperatorsTable {
  operator_id: string;
  email: string;
  role: 'admin' | 'editor' | 'support';
  password_hash: string;
  active: Generated<number>;
  totp_secret: string | null;
  totp_enrolled: Generated<number>;
  totp_last_step: Generated<number>;
  created_at: number;
}

export interface OutboxTable {
  seq: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  delivered_at: number | null;
  lang: Generated<string>;
  html: string | null;
  state: Generated<'waiting' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  lease_until: number | null;
  failure: string | null;
  expires_at: number | null;
  ref: string | null;
}

export interface ParentalPinsTable {
  account_id: string;
  pin_hash: string;
  updated_at: number;
}

export interface PhysicalChannelsTable {
  channel_id: string;
  logical_channel_id: string;
  seq: number;
  live_stream_id: string;
  dvr_stream_id: string;
  stream_id: string;
  content_id: string;
  dvr_content_id: string;
  drm_type: string;
  resolution: string;
  safari_live_stream_id: string | null;
  safari_dvr_stream_id: string | null;
}

export interface PlanLangsTable {
  plan_id: string;
  lang: string;
  plan_name: string;
  description: string;
}

export interface PlansTable {
  plan_id: string;
  seq: number;
  url: string;
  price: string;
  currency: string;
  discount_price: string;
  discount_currency: string;
  product_id: string;
  duration_days: number;
}

export interface PlayHistoryTable {
  profile_id: string;
  account_id: string;
  logical_channel_id: string;
  program_id: string;
  play_type: 'live' | 'catchup';
  play_time: number;
  duration: number;
}

export interface ProductNamesTable {
  product_id: string;
  lang: string;
  name: string;
}

export interface ProfilesTable {
  profile_id: string;
  account_id: string;
  name: string;
  avatar: string;
  lang: string;
  kids: Generated<number>;
  max_rating: string;
  created_at: number;
}

export interface ProgramSubscriptionsTable {
  profile_id: string;
  account_id: string;
  program_id: string;
  logical_channel_id: string;
  created_at: number;
}

export interface RechargeCodesTable {
  code_hash: string;
  plan_id: string;
  batch_id: string;
  created_at: number;
  redeemed_at: number | null;
  redeemed_by: string | null;
  voided_at: number | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  generation: number;
  expires_at: number;
  used_at: number | null;
}

export interface RemoteVideosTable {
  asset_id: string;
  url: string;
  created_at: number;
}

export interface ScanCodesTable {
  scan_code_id: string;
  poll_token_hash: string;
  device_name: string;
  created_at: number;
  expires_at: number;
  approved_by: string | null;
  approved_at: number | null;
  consumed_at: number | null;
  approved_profile: string | null;
}

export interface SchemaMigrationsTable {
  version: Generated<number>;
  name: string;
  applied_at: number;
}

export interface ServedPlaysTable {
  account_id: string;
  source_id: string;
  first_at: number;
  last_at: number;
}

export interface SessionProfilesTable {
  session_id: string;
  profile_id: string;
  chosen_at: number;
}

export interface SessionsTable {
  session_id: string;
  account_id: string;
  login_method: number;
  device_id: string | null;
  client_ip: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
}

export interface SessionsVersionTable {
  id: Generated<number>;
  n: number;
}

export interface SettingsVersionTable {
  id: Generated<number>;
  n: number;
}

export interface SourceChannelsTable {
  logical_channel_id: string;
  source_id: number;
  upstream_key: string;
  tvg_id: string;
  name: string;
  group_name: string;
  stream_url: string;
  user_agent: string;
  referrer: string;
  logo_url: string;
  guide_source_id: number | null;
  xmltv_id: string | null;
  mapped_by: string | null;
}

export interface SourceColumnsTable {
  column_id: string;
  source_id: number;
  group_name: string;
}

export interface SubscriptionsTable {
  account_id: string;
  product_id: string;
  expired_ts: number;
}

export interface TelemetryDailyTable {
  day: string;
  source_id: string;
  sessions: number;
  stall_ms: number;
  watched_ms: number;
  errors: number;
  served_sessions: Generated<number>;
}

export interface TelemetryDailyStartupTable {
  day: string;
  source_id: string;
  startup_ms: number;
  events: number;
}

export interface TelemetryDailyZapTable {
  day: string;
  source_id: string;
  zap_ms: number;
  events: number;
}

export interface TelemetryEventsTable {
  event_id: string;
  type: string;
  account_id: string;
  source_id: string;
  ts: number;
  received_at: number;
  payload: string;
}

export interface TelemetryLatencyTable {
  source_id: string;
  slot: number;
  latency_ms: number;
  low_latency: number;
  minutes: number;
}

export interface TitleUploadsTable {
  upload_id: string;
  meta_id: string;
  file_name: string;
  size: number;
  fingerprint: string;
  created_by: string;
  created_at: number;
}

export interface VerificationCodesTable {
  address: string;
  purpose: string;
  authentication_key: string;
  code_hash: string;
  sent_at: number;
  expires_at: number;
  failed_attempts: Generated<number>;
  used_at: number | null;
}

export interface VodBannerTextsTable {
  banner_item_id: string;
  lang: string;
  title: string;
  description: string;
}

export interface VodBannersTable {
  banner_item_id: string;
  seq: number;
  vod_type: string | null;
  link_type: 'VOD_CONTENT' | 'VOD_LIST' | 'LIVE_CHANNEL';
  link_id: string;
  meta_id: string | null;
  customized_display_info: Generated<string>;
  start_time: number;
}

export interface VodCreditsTable {
  meta_id: string;
  person_id: string;
  role: 'cast' | 'director' | 'writer' | 'producer';
  character_name: Generated<string>;
  seq: number;
}

export interface VodFavoritesTable {
  profile_id: string;
  account_id: string;
  meta_id: string;
  favored_at: number;
}

export interface VodGenreNamesTable {
  genre_id: string;
  lang: string;
  name: string;
}

export interface VodGenresTable {
  genre_id: string;
  seq: number;
}

export interface VodHistoryTable {
  profile_id: string;
  account_id: string;
  meta_id: string;
  entry_id: string;
  video_type: string;
  season_no: number | null;
  episode_no: number | null;
  played: Generated<number>;
  played_time: Generated<number>;
  play_progress: Generated<number>;
  total_duration: Generated<number>;
  updated_at: number;
}

export interface VodMetaGenresTable {
  meta_id: string;
  genre_id: string;
  seq: number;
}

export interface VodMetaTextsTable {
  meta_id: string;
  lang: string;
  title: string;
  plot: string;
}

export interface VodMetasTable {
  meta_id: string;
  meta_type: 'MOVIE' | 'SERIES' | 'SEASON' | 'EPISODE';
  vod_type: 'movie' | 'series' | 'kids' | 'audio';
  series_id: string | null;
  season_id: string | null;
  season_no: number | null;
  episode_no: number | null;
  no_season: Generated<number>;
  release_year: number;
  released_at: number;
  rating: number | null;
  duration: Generated<number>;
  imdb_id: Generated<string>;
  tmdb_id: Generated<string>;
  media_quality_list: Generated<string>;
  drm_type: Generated<string>;
  asset_id: string | null;
  product_id: string | null;
  sensitive: Generated<number>;
  playback_valid_time: number | null;
  popularity: Generated<number>;
  age_rating: string | null;
}

export interface VodPeopleTable {
  person_id: string;
  name: string;
  birth_year: number;
  country: string;
  known_for: string;
}

export interface VodPersonTextsTable {
  person_id: string;
  lang: string;
  biography: string;
}

export interface VodPlaylistItemsTable {
  playlist_id: string;
  meta_id: string;
  seq: number;
}

export interface VodPlaylistNamesTable {
  playlist_id: string;
  lang: string;
  name: string;
}

export interface VodPlaylistsTable {
  playlist_id: string;
  level_type: number;
  playlist_type: number;
  vod_type: string | null;
  rule: string | null;
  seq: number;
}

export interface VodSearchCountsTable {
  keyword: string;
  search_count: number;
  last_searched_at: number;
}

export interface VodSearchVotesTable {
  keyword: string;
  account_id: string;
  voted_at: number;
}

export interface VodTrailersTable {
  trailer_id: string;
  meta_id: string;
  seq: number;
  asset_id: string;
  duration: number;
}

export interface WatchingNowTable {
  account_id: string;
  source_id: string;
  last_ts: number;
  received_at: number;
}

/** Every table the store queries, by name. */
export interface Database {
  access_tokens: AccessTokensTable;
  accounts: AccountsTable;
  app_settings: AppSettingsTable;
  attempt_limits: AttemptLimitsTable;
  broadcast_jobs: BroadcastJobsTable;
  catalogue_version: CatalogueVersionTable;
  channel_audio_posters: ChannelAudioPostersTable;
  channel_broadcasts: ChannelBroadcastsTable;
  channel_column_members: ChannelColumnMembersTable;
  channel_column_names: ChannelColumnNamesTable;
  channel_columns: ChannelColumnsTable;
  channel_content_rules: ChannelContentRulesTable;
  channels: ChannelsTable;
  code_batch_exports: CodeBatchExportsTable;
  code_batch_jobs: CodeBatchJobsTable;
  console_title_credits: ConsoleTitleCreditsTable;
  console_title_texts: ConsoleTitleTextsTable;
  console_titles: ConsoleTitlesTable;
  contract_signatures: ContractSignaturesTable;
  contracts: ContractsTable;
  entitlements_version: EntitlementsVersionTable;
  epg_days: EpgDaysTable;
  epg_programs: EpgProgramsTable;
  favorite_channels: FavoriteChannelsTable;
  favourites_version: FavouritesVersionTable;
  guide_channels: GuideChannelsTable;
  guide_hand_mappings: GuideHandMappingsTable;
  home_recommends: HomeRecommendsTable;
  ip_country_ranges: IpCountryRangesTable;
  libraries: LibrariesTable;
  library_files: LibraryFilesTable;
  library_pictures: LibraryPicturesTable;
  library_series: LibrarySeriesTable;
  lineup_sources: LineupSourcesTable;
  lineup_version: LineupVersionTable;
  live_change_marks: LiveChangeMarksTable;
  live_channel_modes: LiveChannelModesTable;
  live_channel_sources: LiveChannelSourcesTable;
  live_health: LiveHealthTable;
  live_on_air_requests: LiveOnAirRequestsTable;
  live_switches: LiveSwitchesTable;
  member_site_grants: MemberSiteGrantsTable;
  notice_display_channels: NoticeDisplayChannelsTable;
  notice_display_modes: NoticeDisplayModesTable;
  notice_reads: NoticeReadsTable;
  notices: NoticesTable;
  notices_version: NoticesVersionTable;
  notifications: NotificationsTable;
  operator_audit: OperatorAuditTable;
  operator_challenges: OperatorChallengesTable;
  operator_job_params: OperatorJobParamsTable;
  operator_jobs: OperatorJobsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_sessions: OperatorSessionsTable;
  operators: OperatorsTable;
  outbox: OutboxTable;
  parental_pins: ParentalPinsTable;
  physical_channels: PhysicalChannelsTable;
  plan_langs: PlanLangsTable;
  plans: PlansTable;
  play_history: PlayHistoryTable;
  product_names: ProductNamesTable;
  profiles: ProfilesTable;
  program_subscriptions: ProgramSubscriptionsTable;
  recharge_codes: RechargeCodesTable;
  refresh_tokens: RefreshTokensTable;
  remote_videos: RemoteVideosTable;
  scan_codes: ScanCodesTable;
  schema_migrations: SchemaMigrationsTable;
  served_plays: ServedPlaysTable;
  session_profiles: SessionProfilesTable;
  sessions: SessionsTable;
  sessions_version: SessionsVersionTable;
  settings_version: SettingsVersionTable;
  source_channels: SourceChannelsTable;
  source_columns: SourceColumnsTable;
  subscriptions: SubscriptionsTable;
  telemetry_daily: TelemetryDailyTable;
  telemetry_daily_startup: TelemetryDailyStartupTable;
  telemetry_daily_zap: TelemetryDailyZapTable;
  telemetry_events: TelemetryEventsTable;
  telemetry_latency: TelemetryLatencyTable;
  title_uploads: TitleUploadsTable;
  verification_codes: VerificationCodesTable;
  vod_banner_texts: VodBannerTextsTable;
  vod_banners: VodBannersTable;
  vod_credits: VodCreditsTable;
  vod_favorites: VodFavoritesTable;
  vod_genre_names: VodGenreNamesTable;
  vod_genres: VodGenresTable;
  vod_history: VodHistoryTable;
  vod_meta_genres: VodMetaGenresTable;
  vod_meta_texts: VodMetaTextsTable;
  vod_metas: VodMetasTable;
  vod_people: VodPeopleTable;
  vod_person_texts: VodPersonTextsTable;
  vod_playlist_items: VodPlaylistItemsTable;
  vod_playlist_names: VodPlaylistNamesTable;
  vod_playlists: VodPlaylistsTable;
  vod_search_counts: VodSearchCountsTable;
  vod_search_votes: VodSearchVotesTable;
  vod_trailers: VodTrailersTable;
  watching_now: WatchingNowTable;
}
