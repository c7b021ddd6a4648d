// Keccak-f[1600] core (FIPS 202 §3.3): the 1600-bit state in registers and
// one full round (θ, ρ, π, χ, ι; Alg. 1-6) per clock, 24 clocks per
// permutation.
//
// Interfaces: AXI4-Lite registers and 64-bit AXI4-Stream, one lane per beat
// in lane order x + 5y (the kernel seam's layout), 25 beats per state.
// Register map (byte addresses):
//   0x00 CTRL   (W)  bit0 START the permutation, bit1 LOAD 25 lanes from
//                    s_axis, bit2 UNLOAD 25 lanes on m_axis
//   0x08 STATUS (R)  bit0 busy, bit1 done, bit2 loading, bit3 unloading
//   0x0C CYCLES (R)  clocks from START to done of the last permutation
//   0x10 ID     (R)  0x4B454343 ("KECC")
`default_nettype none
module keccak_core (
    input  wire        clk,
    input  wire        rst_n,
    input  wire [7:0]  s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [7:0]  s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready,
    input  wire [63:0] s_axis_tdata,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,
    output wire [63:0] m_axis_tdata,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast
);
`include "keccak_consts.vh"

  wire        reg_we;
  wire [7:0]  reg_waddr, reg_raddr;
  wire [31:0] reg_wdata;
  reg  [31:0] reg_rdata;
  pq_axil_regs #(.ADDR_W(8)) axil (
      .clk(clk), .rst_n(rst_n),
      .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
      .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
      .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
      .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
      .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
      .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
      .reg_we(reg_we), .reg_waddr(reg_waddr), .reg_wdata(reg_wdata), .reg_raddr(reg_raddr),
      .reg_rdata(reg_rdata));

  reg        busy, done, loading, unloading;
  reg [31:0] cycles;
  reg [4:0]  round, load_ptr, unload_ptr;
  reg [63:0] st [0:24];

  always @(*) begin
    case (reg_raddr)
      8'h08: reg_rdata = {28'd0, unloading, loading, done, busy};
      8'h0C: reg_rdata = cycles;
      8'h10: reg_rdata = 32'h4B454343;
      default: reg_rdata = 32'd0;
    endcase
  end
  wire ctrl_we = reg_we && reg_waddr == 8'h00;
  wire start = ctrl_we && reg_wdata[0] && !busy;

  assign s_axis_tready = loading;
  wire load_beat = s_axis_tvalid && loading;
  assign m_axis_tvalid = unloading;
  assign m_axis_tdata = st[unload_ptr];
  assign m_axis_tlast = unloading && unload_ptr == 5'd24;
  wire unload_beat = unloading && m_axis_tready;

  // ---- one round, combinational ----
  reg [63:0] c [0:4];
  reg [63:0] d [0:4];
  reg [63:0] b [0:24];
  reg [63:0] nx [0:24];
  integer x, y, i;
  always @(*) begin
    // θ (Alg. 1): column parities, then each lane xor D[x].
    for (x = 0; x < 5; x = x + 1)
      c[x] = st[x] ^ st[x + 5] ^ st[x + 10] ^ st[x + 15] ^ st[x + 20];
    for (x = 0; x < 5; x = x + 1)
      d[x] = c[(x + 4) % 5] ^ {c[(x + 1) % 5][62:0], c[(x + 1) % 5][63]};
    // ρ and π (Alg. 2, 3): lane (x, y) rotated, moved to (y, 2x + 3y).
    /* verilator lint_off WIDTH */
    for (y = 0; y < 5; y = y + 1)
      for (x = 0; x < 5; x = x + 1)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(st[x + 5 * y] ^ d[x], keccak_rho(x + 5 * y));
    /* verilator lint_on WIDTH */
    // χ (Alg. 4) and ι (Alg. 6).
    for (y = 0; y < 5; y = y + 1)
      for (x = 0; x < 5; x = x + 1)
        nx[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
    nx[0] = nx[0] ^ keccak_rc(round);
  end

  /* verilator lint_off UNUSEDSIGNAL */
  function [63:0] rotl;
    input [63:0] v;
    input [7:0] n;
    begin
      rotl = (v << n[5:0]) | (v >> (7'd64 - {1'b0, n[5:0]}));
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  always @(posedge clk) begin
    if (!rst_n) begin
      busy <= 1'b0;
      done <= 1'b0;
      loading <= 1'b0;
      unloading <= 1'b0;
      cycles <= 32'd0;
      round <= 5'd0;
      load_ptr <= 5'd0;
      unload_ptr <= 5'd0;
    end else begin
      if (ctrl_we && reg_wdata[1] && !busy) begin
        loading <= 1'b1;
        load_ptr <= 5'd0;
      end else if (load_beat) begin
        st[load_ptr] <= s_axis_tdata;
        load_ptr <= load_ptr + 5'd1;
        if (load_ptr == 5'd24) loading <= 1'b0;
      end
      if (ctrl_we && reg_wdata[2] && !busy) begin
        unloading <= 1'b1;
        unload_ptr <= 5'd0;
      end else if (unload_beat) begin
        unload_ptr <= unload_ptr + 5'd1;
        if (unload_ptr == 5'd24) unloading <= 1'b0;
      end
      if (start) begin
        busy <= 1'b1;
        done <= 1'b0;
        round <= 5'd0;
        cycles <= 32'd1;
      end else if (busy) begin
        for (i = 0; i < 25; i = i + 1) st[i] <= nx[i];
        round <= round + 5'd1;
        cycles <= cycles + 32'd1;
        if (round == 5'd23) begin
          busy <= 1'b0;
          done <= 1'b1;
        end
      end
    end
  end

  wire unused = ^{s_axis_tlast, reg_wdata, reg_waddr[7:0]};
endmodule
`default_nettype wire
