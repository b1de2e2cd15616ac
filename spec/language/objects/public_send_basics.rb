class Vault
  def inspect = "VAULT"

  def open(code)
    "opened with #{code}"
  end

  private

  def combination
    1234
  end
end

v = Vault.new
p v.public_send(:open, 7)
begin
  v.public_send(:combination)
rescue NoMethodError => e
  puts e.message
end
p v.send(:combination)
p 10.public_send(:-, 4)
