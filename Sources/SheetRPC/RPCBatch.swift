/// A batch being run, element by element, under back-pressure: it stops before an element
/// while the output is full (the connection is then paused and resumes it later), collects
/// the responses into one array sent after its last element, and bounds that array's memory.
///
/// `step` is the state machine: it says what to do next, and `record` takes each response.
final class RPCBatch {
    static var maxResponseBytes: Int { RPCConnection.maxBatchResponseBytes }

    private static let responseTooLarge = RPCError.limitExceeded(
        "batch response over \(maxResponseBytes >> 20) MiB: request not run; send it again in another batch")

    let elements: [JSONValue]
    /// The batch's bytes (ids are echoed from them).
    let source: ArraySlice<UInt8>
    private var next = 0
    /// The inside of the response array so far.
    private var responses: [UInt8] = []

    init(elements: [JSONValue], source: ArraySlice<UInt8>) {
        self.elements = elements
        self.source = source
    }

    enum Step {
        /// The output is full: stop here until it drains.
        case pause
        /// Run element `index`; a request is refused with `refusal` instead when it is set.
        case run(index: Int, refusal: RPCError?)
        /// Done: send the response array, if any request was answered.
        case finish(responses: [UInt8]?)
    }

    /// What to do next. `stopped` (the connection exited) finishes the batch where it is.
    func step(outputIsFull: Bool, stopped: Bool) -> Step {
        guard next < elements.count && !stopped else {
            guard !responses.isEmpty else { return .finish(responses: nil) }
            responses.append(UInt8(ascii: "]"))
            return .finish(responses: responses)
        }
        if outputIsFull { return .pause }
        next += 1
        return .run(index: next - 1, refusal: responses.count > Self.maxResponseBytes ? Self.responseTooLarge : nil)
    }

    /// The response of the element just run.
    func record(_ response: [UInt8]) {
        responses.append(responses.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
        responses.append(contentsOf: response)
    }
}
