@_exported import HearthApplication
@_exported import HearthDomain
