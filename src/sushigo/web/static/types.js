/*
 * The web protocol's types as JSDoc typedefs, written from the JSON Schema the
 * server serves at /api/schema (sushigo.web.protocol.jsdoc_typedefs; regenerate
 * with `python tools/jsdoc_types.py`). Types only: nothing here runs.
 */

/**
 * @typedef {object} AckMessage
 * @property {"ack"} type
 * @property {number} step
 * @property {string} action
 * @property {string} label
 * @property {boolean} timeout
 * @property {boolean} changed
 */

/**
 * @typedef {object} ActMessage
 * @property {"act"} type
 * @property {string} action
 * @property {number} step
 */

/**
 * How to draw a game's cards or dice (``frames.catalog``).
 * @typedef {object} Catalog
 * @property {string} game
 * @property {string} title
 * @property {Object<string, string>} columns
 * @property {Object<string, CatalogCard>} cards
 * @property {CatalogMenu} [menu]
 * @property {Object<string, Array<string>>} [dice]
 */

/**
 * How to draw one card or die face.
 * @typedef {object} CatalogCard
 * @property {string} id
 * @property {string} name
 * @property {string} short
 * @property {string} family
 * @property {string} colour
 * @property {number} icons
 * @property {string} rule
 * @property {number} [order]
 */

/**
 * Sushi Go Party!: one kind of the menu.
 * @typedef {object} CatalogKind
 * @property {string} kind
 * @property {string} name
 * @property {string} category
 * @property {string} colour
 * @property {Array<string>} cards
 * @property {string} rule
 */

/**
 * @typedef {object} CatalogMenu
 * @property {string} name
 * @property {string} key
 * @property {Array<CatalogKind>} kinds
 */

/**
 * A message of the table's talk, sent to every connection of the table.
 * @typedef {object} ChatBroadcast
 * @property {"chat"} type
 * @property {ChatEntry} entry
 */

/**
 * One message of a table's talk, shown as text (never as HTML).
 * @typedef {object} ChatEntry
 * @property {number} n
 * @property {number} seat
 * @property {string} name
 * @property {number} at
 * @property {string} text
 * @property {boolean} emote
 */

/**
 * Table talk from a seated player: ``text`` (1-200 characters) or one of the ``emote`` s
 * offered (``welcome``'s ``emotes``). Spectators read only.
 * @typedef {object} ChatMessage
 * @property {"chat"} type
 * @property {string} [text]
 * @property {string} [emote]
 */

/**
 * A seat's own choice towards the next step, which it may still change.
 * @typedef {object} ChosenInfo
 * @property {string} action
 * @property {string} label
 */

/**
 * @typedef {(JoinMessage|ChatMessage|ActMessage|HintMessage|RematchMessage|PingMessage|SyncMessage|HandToBotMessage)} ClientMessage
 */

/**
 * The roll race: Sushi Go! and Sushi Roll ``maki`` icons, Party ``maki`` or ``uramaki``
 * icons, or ``temaki`` cards.
 * @typedef {object} Counts
 * @property {number} [maki]
 * @property {number} [uramaki]
 * @property {number} [temaki]
 */

/**
 * ``POST /api/tables``.
 * @typedef {object} CreatedAnswer
 * @property {string} id
 * @property {(number|null)} seat
 * @property {(string|null)} token
 */

/**
 * What the viewer decides now (docs/web.md, "The decision and the legal actions").
 * @typedef {object} DecisionFrame
 * @property {"pick"|"take"|"ask"|"give"|"order"|"copy"|"flip"|"turn"} kind
 * @property {number} seat
 * @property {string} prompt
 * @property {(string|Array<string>|null)} [drawn]
 * @property {string} [card]
 * @property {string} [asked]
 * @property {number} [owner]
 * @property {Array<Flippable>} [flippable]
 * @property {number} [menus]
 * @property {number} [chopsticks]
 */

/**
 * Sushi Go!'s two-player dummy: its seat and who controls it this turn.
 * @typedef {object} DummyFrame
 * @property {number} seat
 * @property {(number|null)} controller
 */

/**
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {"bad_json"|"bad_message"|"unknown_type"|"not_joined"|"already_joined"|"bad_token"|"replaced"|"spectator"|"stale"|"not_your_turn"|"illegal"|"game_over"|"not_over"|"already_seated"|"busy"|"too_big"|"flood"|"no_table"|"too_many"|"full"|"server"|"no_seat"|"not_human"|"not_yet"|"chat_slow"} code
 * @property {string} message
 * @property {string} [request]
 */

/**
 * The end of the game.
 * @typedef {object} FinalFrame
 * @property {Array<number>} scores
 * @property {Array<Array<number>>} rounds
 * @property {Array<number>} dessert_scores
 * @property {Array<number>} kept
 * @property {string} kept_label
 * @property {(Array<number>|null)} tokens_left
 * @property {(Array<number>|null)} token_scores
 * @property {Array<number>} winners
 * @property {string} text
 * @property {Array<(number|null)>} places
 * @property {Array<number>} ranking
 */

/**
 * A card a takeout box may flip: its ``Played`` token, label and how many.
 * @typedef {object} Flippable
 * @property {string} token
 * @property {string} label
 * @property {number} count
 */

/**
 * A decision the rules made: the seat had one legal action.
 * @typedef {object} ForcedMessage
 * @property {"forced"} type
 * @property {number} step
 * @property {number} seat
 * @property {(string|null)} action
 * @property {(string|null)} label
 * @property {(string|null)} kind
 */

/**
 * A game that ended (``GET /api/games``; the lobby's ``finished`` and ``abandoned``).
 * @typedef {object} GameEntry
 * @property {string} id
 * @property {Object<string, *>} config
 * @property {"finished"|"abandoned"} status
 * @property {number} finished
 * @property {number} step
 * @property {(Array<string>|null)} names
 * @property {(Array<number>|null)} final_scores
 * @property {(Array<number>|null)} winners
 */

/**
 * A frame: a seat's (:func:`~sushigo.present.frames.seat_frame`), the spectators'
 * (``public_frame``) or a replay step's (``replay_frame``). docs/web.md, "Keys of every
 * frame"; the keys one game adds are not required.
 * @typedef {object} GameFrame
 * @property {string} game
 * @property {string} title
 * @property {string} description
 * @property {Object<string, *>} options
 * @property {(number|null)} viewer
 * @property {number} seats
 * @property {number} round
 * @property {number} rounds
 * @property {number} turn
 * @property {number} turns
 * @property {"left"|"right"|"swap"} passing
 * @property {boolean} over
 * @property {Array<number>} to_act
 * @property {Array<PlayerFrame>} players
 * @property {(Array<string>|null)} hand
 * @property {(DecisionFrame|null)} decision
 * @property {(PendingFrame|null)} pending
 * @property {(Array<LegalEntry>|null)} legal
 * @property {Array<LogEntry>} log
 * @property {Array<RoundResult>} results
 * @property {(FinalFrame|null)} final
 * @property {Object<string, number>} [gains]
 * @property {(DummyFrame|null)} [dummy]
 * @property {MenuFrame} [menu]
 * @property {(UramakiFrame|null)} [uramaki]
 * @property {Array<string>} [discards]
 * @property {number} [red]
 * @property {Tokens} [supply]
 */

/**
 * A bot plays ``seat``, a person's seat disconnected for the table's grace.
 * @typedef {object} HandToBotMessage
 * @property {"hand_to_bot"} type
 * @property {number} seat
 */

/**
 * One hint: a legal action's text, why, and the search's estimate.
 * @typedef {object} HintEntry
 * @property {string} text
 * @property {string} reason
 * @property {number} value
 * @property {number} games
 * @property {number} mean_score
 * @property {string} label
 * @property {(string|null)} effect
 * @property {string} plain
 * @property {boolean} kept
 */

/**
 * @typedef {object} HintMessage
 * @property {"hint"} type
 */

/**
 * @typedef {object} HintsMessage
 * @property {"hints"} type
 * @property {number} step
 * @property {Array<HintEntry>} hints
 * @property {string} summary
 * @property {"sure"|"likely"|"close"|"few"|"only"} confidence
 * @property {string} note
 */

/**
 * Any refused HTTP request.
 * @typedef {object} HttpError
 * @property {string} error
 */

/**
 * @typedef {object} JoinMessage
 * @property {"join"} type
 * @property {(string|null)} [token]
 */

/**
 * ``POST /api/tables/{id}/join``.
 * @typedef {object} JoinedAnswer
 * @property {number} seat
 * @property {string} token
 */

/**
 * One of the viewer's legal actions (docs/web.md, "Each entry of legal").
 * @typedef {object} LegalEntry
 * @property {string} text
 * @property {string} label
 * @property {string} kind
 * @property {boolean} direct
 * @property {string} group
 * @property {string} [card]
 * @property {Array<string>} [cards]
 * @property {(string|null)} [dummy]
 * @property {(string|null)} [copy]
 * @property {(string|null)} [call]
 * @property {Array<string>} [faces]
 * @property {number} [seat]
 */

/**
 * What happened this round, one entry (Sushi Go!: the reveals only).
 * @typedef {object} LogEntry
 * @property {number} turn
 * @property {string} what
 * @property {(number|null)} seat
 * @property {Array<string>} cards
 * @property {string} text
 * @property {(number|null)} [other]
 * @property {Array<RevealPick>} [picks]
 */

/**
 * Sushi Go Party!'s menu.
 * @typedef {object} MenuFrame
 * @property {string} name
 * @property {string} key
 * @property {Array<string>} kinds
 */

/**
 * Sushi Go Party!: the mid-turn decision being made (public).
 * @typedef {object} PendingFrame
 * @property {number} seat
 * @property {string} kind
 * @property {string} card
 * @property {string} label
 * @property {string} detail
 * @property {number} owner
 * @property {string} text
 * @property {Array<string>} [drawn]
 */

/**
 * @typedef {object} PingMessage
 * @property {"ping"} type
 */

/**
 * One seat of ``players`` (docs/web.md, "A player").
 * @typedef {object} PlayerFrame
 * @property {number} seat
 * @property {boolean} dummy
 * @property {boolean} acting
 * @property {number} score
 * @property {number} now
 * @property {number} hand_size
 * @property {(Array<string>|null)} hand
 * @property {Array<string>} played
 * @property {Array<TableauColumn>} tableau
 * @property {Array<TableauItem>} desserts
 * @property {number} dessert_count
 * @property {Counts} counts
 * @property {Object<string, number>} points
 * @property {boolean} [controller]
 * @property {number} [uramaki_scored]
 * @property {Array<string>} [belt]
 * @property {Tokens} [tokens]
 * @property {boolean} [red]
 * @property {boolean} [done]
 */

/**
 * @typedef {object} PongMessage
 * @property {"pong"} type
 */

/**
 * ``POST /api/quick``: play against bots at once.
 * @typedef {object} QuickRequest
 * @property {string} game
 * @property {number} players
 * @property {string} [name]
 * @property {string} [bot]
 * @property {number} [level]
 * @property {Object<string, *>} [options]
 * @property {number} [timer]
 * @property {boolean} [public]
 */

/**
 * @typedef {object} RematchAnswer
 * @property {"rematch"} type
 * @property {string} table
 * @property {string} token
 */

/**
 * @typedef {object} RematchMessage
 * @property {"rematch"} type
 */

/**
 * ``GET /api/tables/{id}/replay``.
 * @typedef {object} ReplayAnswer
 * @property {Object<string, *>} record
 * @property {Catalog} catalog
 * @property {Array<ReplayStep>} steps
 */

/**
 * @typedef {object} ReplayStep
 * @property {number} step
 * @property {GameFrame} frame
 * @property {Object<string, string>} actions
 */

/**
 * Sushi Go! and Sushi Go Party!: one seat's card (cards) at a reveal.
 * @typedef {object} RevealPick
 * @property {number} seat
 * @property {string} text
 * @property {string} label
 */

/**
 * A finished round.
 * @typedef {object} RoundResult
 * @property {number} round
 * @property {Array<Array<string>>} columns
 * @property {Array<Object<string, number>>} breakdown
 * @property {Array<number>} scores
 * @property {Array<number>} totals
 * @property {(Array<number>|null)} kept
 * @property {(string|null)} kept_label
 * @property {Array<Array<TableauColumn>>} tableaux
 */

/**
 * A seat of a table as every connection sees it.
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {string} name
 * @property {"human"|"bot"} kind
 * @property {(string|null)} bot
 * @property {boolean} free
 * @property {boolean} connected
 * @property {(string|null)} stand_in
 * @property {(number|null)} away_since
 */

/**
 * @typedef {(WelcomeMessage|StandInMessage|ChatBroadcast|StateMessage|AckMessage|ForcedMessage|HintsMessage|RematchAnswer|PongMessage|ErrorMessage)} ServerMessage
 */

/**
 * A bot took a person's seat, or the person took it back: to every connection of the
 * table, before the ``state`` that shows it.
 * @typedef {object} StandInMessage
 * @property {"stand_in"} type
 * @property {number} seat
 * @property {string} name
 * @property {(string|null)} bot
 * @property {"away"|"handed"|"back"} reason
 * @property {string} text
 */

/**
 * The table as this connection may see it.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} step
 * @property {"waiting"|"playing"|"finished"|"abandoned"} status
 * @property {Array<SeatInfo>} seats
 * @property {(number|null)} deadline
 * @property {Array<number>} decided
 * @property {(ChosenInfo|null)} chosen
 * @property {(string|null)} rematch
 * @property {number} now
 * @property {(GameFrame|null)} frame
 */

/**
 * @typedef {object} SyncMessage
 * @property {"sync"} type
 */

/**
 * ``GET /api/tables``: the lobby.
 * @typedef {object} TableList
 * @property {Array<TableSummary>} tables
 * @property {Array<TableSummary>} waiting
 * @property {Array<TableSummary>} playing
 * @property {Array<GameEntry>} finished
 * @property {Array<GameEntry>} abandoned
 */

/**
 * A table (``GET /api/tables/{id}``, the lobby, ``welcome``).
 * @typedef {object} TableSummary
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {number} players
 * @property {Object<string, *>} options
 * @property {string} description
 * @property {number} timer
 * @property {number} grace
 * @property {"waiting"|"playing"|"finished"|"abandoned"} status
 * @property {number} step
 * @property {Array<SeatInfo>} seats
 * @property {number} free
 * @property {(string|null)} rematch
 * @property {boolean} public
 * @property {Catalog} [catalog]
 */

/**
 * Items of one colour, in order of first appearance.
 * @typedef {object} TableauColumn
 * @property {string} colour
 * @property {Array<TableauItem>} items
 */

/**
 * Cards shown together (a nigiri on its wasabi is one item), and how many.
 * @typedef {object} TableauItem
 * @property {Array<string>} cards
 * @property {string} label
 * @property {string} colour
 * @property {number} count
 */

/**
 * Sushi Roll tokens (a seat's, or the supply's).
 * @typedef {object} Tokens
 * @property {number} menu
 * @property {number} chopsticks
 * @property {number} pudding
 */

/**
 * Sushi Go Party!: uramaki places claimed, and the points of the next.
 * @typedef {object} UramakiFrame
 * @property {number} claimed
 * @property {number} next
 */

/**
 * @typedef {object} WelcomeMessage
 * @property {"welcome"} type
 * @property {(number|null)} seat
 * @property {TableSummary} table
 * @property {Array<ChatEntry>} chat
 * @property {Array<string>} emotes
 * @property {boolean} reclaimed
 * @property {Array<string>} away
 */

export {};
