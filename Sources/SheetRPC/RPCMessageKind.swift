/// What an outgoing message is, as far as the output is concerned.
///
/// The output never drops or reorders a message, with one exception: on the realtime clock a
/// reader too slow for the frame rate gets the newest `frame` of each session, a newer one
/// replacing a pending one of the same session that has not begun to be written.
public enum RPCMessageKind: Sendable, Equatable {
    /// A response, or a batch's response array.
    case response
    /// A frame (`sheet.frame`): the whole drawn state of one session at one time. `session`
    /// is the session's integer handle (`n` of the wire id `"s<n>"`), not its id string, so
    /// the output can index pending frames by it without hashing a string per frame.
    case frame(session: Int)
    /// A notification the host acts on (`sheet.event`).
    case event
    /// A `$/diagnostic` notification: a failed notification or a warning.
    case diagnostic
}
