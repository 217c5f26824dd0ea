extension JSONObject {
    /// Adds the member of a consistency selector (none for `latest`).
    mutating func setConsistency(_ selector: RESTConsistencySelector) {
        switch selector {
        case .latest: break
        case .transaction(let id): self["transaction"] = Wire.transactionID(id)
        case .readTime(let time): self["readTime"] = Wire.timestamp(time)
        case .newTransaction(let options):
            self["newTransaction"] = RESTTransactionCodec.encodeTransactionOptions(options)
        }
    }
}
